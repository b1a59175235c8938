/* bk-house-rule.h: the description of one house rule, the one place each rule is listed.
 *
 * A game describes its house rules in one table of BkHouseRule (Bierkopf's in
 * bk-bierkopf-rules.c, Herzla's in bk-herzla-rules.c). Parsing and printing the rules,
 * the record header and its `rule` lines, the command line, GSettings, the preferences
 * rows and the rules page all read that table; tests compare it with the GSettings schema.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define BK_HOUSE_RULE_MAX_VALUES 4

typedef enum {
  BK_HOUSE_RULE_CHOICE,  /* an enum field; in GSettings an enum whose nicks are the names */
  BK_HOUSE_RULE_SWITCH,  /* a gboolean field; the names are "off" and "on"; a GSettings boolean */
  BK_HOUSE_RULE_NUMBER,  /* an unsigned field between min and max, written in decimal */
} BkHouseRuleKind;

/* How the rule is written in a game record and given on the command line. */
typedef enum {
  BK_HOUSE_RULE_WRITE_RULE,   /* `rule tricks last-only`; `--rule tricks=last-only` */
  BK_HOUSE_RULE_WRITE_PLAIN,  /* `variant kurz`; its own option `--variant kurz` */
} BkHouseRuleWriting;

typedef struct {
  const char *name;    /* in records, on the command line and as the GSettings nick */
  const char *label;   /* N_(): the choice in the preferences */
  const char *in_use;  /* N_(): the sentence on the rules page while it is in use, or NULL */
} BkHouseRuleValue;

typedef struct {
  const char         *key;
  const char         *game;        /* the game it belongs to by its record name; NULL for the
                                    * choice of the game itself */
  const char         *section;     /* of docs/rules-<game>.md it implements, "B4.3" */
  BkHouseRuleKind     kind;
  gsize               offset;      /* the field it sets, in the game's rules struct */
  gsize               size;        /* of that field: 1 or 4 bytes */
  BkHouseRuleValue    values[BK_HOUSE_RULE_MAX_VALUES]; /* index = field value; name NULL ends */
  guint               default_value; /* index of the default; for a number, the number */
  guint               min, max;      /* a number's range */
  BkHouseRuleWriting  writing;
  const char         *option_help; /* N_(): help of its own command-line option (plain only) */
  const char         *option_arg;  /* the placeholder of that option, "VARIANT" */
  const char         *title;       /* N_(): its preferences row, and its GSettings key is key;
                                    * NULL when it is no preference */
  const char         *subtitle;    /* N_() */
} BkHouseRule;

#define BK_HOUSE_RULE_FIELD(Struct, member) \
  .offset = G_STRUCT_OFFSET (Struct, member), .size = sizeof (((Struct *) 0)->member)

guint        bk_house_rule_n_values   (const BkHouseRule  *rule);
guint        bk_house_rule_get        (const BkHouseRule  *rule,
                                       gconstpointer       rules);
void         bk_house_rule_set        (const BkHouseRule  *rule,
                                       gpointer            rules,
                                       guint               value);
gboolean     bk_house_rule_parse      (const BkHouseRule  *rule,
                                       gpointer            rules,
                                       const char         *text,
                                       GError            **error);
char        *bk_house_rule_dup_value  (const BkHouseRule  *rule,
                                       gconstpointer       rules);
const char  *bk_house_rule_in_use     (const BkHouseRule  *rule,
                                       gconstpointer       rules);
void         bk_house_rule_set_default (const BkHouseRule *rule,
                                       gpointer            rules);
void         bk_house_rule_append_line (const BkHouseRule *rule,
                                       gconstpointer       rules,
                                       GString            *out);
const BkHouseRule *bk_house_rule_find (const BkHouseRule  *table,
                                       const char         *key);

G_END_DECLS
