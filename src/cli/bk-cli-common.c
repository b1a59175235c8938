/* bk-cli-common.c: options every command takes, errors and JSON output.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>

#include "bk-cli.h"
#include "bk-game-module.h"
#include "bk-games.h"
#include "bk-herzla-module.h"

int
bk_cli_fail (int           code,
             const GError *error)
{
  g_printerr ("bierkopf-cli: %s\n", error->message);
  return code;
}

int
bk_cli_usage (const char *format,
              ...)
{
  va_list args;
  g_autofree char *message = NULL;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_printerr ("bierkopf-cli: %s\n", message);
  return BK_EXIT_USAGE;
}

/* Reads --game first. A command that cannot do Herzla yet refuses it. */
static int
parse_game (BkCliOptions      *options,
            const char        *command,
            const BkHouseRule *house_rules,
            GError           **error)
{
  const BkHouseRule *game_rule = bk_house_rule_find (house_rules, "game");
  guint game_index = (guint) (game_rule - house_rules);

  if (options->plain_rules[game_index] &&
      !bk_house_rule_parse (game_rule, &options->rules, options->plain_rules[game_index], error))
    return bk_cli_fail (BK_EXIT_USAGE, *error);
  options->game_given = options->plain_rules[game_index] != NULL;
  if (options->rules.game == BK_GAME_HERZLA && !options->herzla_ok)
    /* Translators: %s is a command of bierkopf-cli, e.g. replay. */
    return bk_cli_usage (_("%s cannot do Herzla yet"), command);
  return BK_EXIT_OK;
}

/* The first description of a house rule written plainly with the key of @rule: its option
 * (--variant) is one for every game. */
static guint
plain_index (const BkHouseRule *house_rules,
             const BkHouseRule *rule)
{
  for (guint i = 0; &house_rules[i] != rule; i++)
    if (house_rules[i].writing == BK_HOUSE_RULE_WRITE_PLAIN &&
        g_str_equal (house_rules[i].key, rule->key))
      return i;
  return (guint) (rule - house_rules);
}

/* Whether the command has an option of its own named @name (`play --players` is the
 * players' levels, not Herzla's number of players). */
static gboolean
command_has_option (const GOptionEntry *entries,
                    const char         *name)
{
  for (guint i = 0; entries && entries[i].long_name; i++)
    if (g_str_equal (entries[i].long_name, name))
      return TRUE;
  return FALSE;
}

/* Parses the common options plus @entries; on success the rules are checked and set. */
int
bk_cli_parse (BkCliOptions        *options,
              const char          *command,
              const char          *parameter_string,
              const GOptionEntry  *entries,
              int                 *argc,
              char              ***argv)
{
  g_autofree char *seed_text = NULL;
  const GOptionEntry common[] = {
    { "rule", 0, 0, G_OPTION_ARG_STRING_ARRAY, &options->rule_args,
      N_("Any other house rule, e.g. --rule retour=whole-hand"), "KEY=VALUE" },
    { "seed", 0, 0, G_OPTION_ARG_STRING, &seed_text,
      N_("The seed of the random generator"), "N" },
    { NULL }
  };
  /* A house rule written plainly in records has its own option: --variant kurz. */
  const BkHouseRule *house_rules = bk_rules_get_house_rules ();
  GOptionEntry plain[G_N_ELEMENTS (options->plain_rules) + 1] = { { NULL } };
  guint n_plain = 0;
  g_autoptr (GOptionContext) context = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *title = g_strdup_printf ("%s %s", command, parameter_string);
  int code;

  for (guint i = 0; house_rules[i].key; i++)
    {
      g_assert (i < G_N_ELEMENTS (options->plain_rules));
      if (house_rules[i].writing == BK_HOUSE_RULE_WRITE_PLAIN &&
          plain_index (house_rules, &house_rules[i]) == i &&
          !command_has_option (entries, house_rules[i].key))
        plain[n_plain++] = (GOptionEntry) {
          house_rules[i].key, 0, 0, G_OPTION_ARG_STRING, &options->plain_rules[i],
          house_rules[i].option_help, house_rules[i].option_arg
        };
    }

  context = g_option_context_new (title);
  /* --help prints and exits the process: not in a dry run. */
  g_option_context_set_help_enabled (context, !options->dry_run);
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_add_main_entries (context, plain, GETTEXT_PACKAGE);
  g_option_context_add_main_entries (context, common, GETTEXT_PACKAGE);
  if (entries)
    g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);

  if (!g_option_context_parse (context, argc, argv, &error))
    return bk_cli_fail (BK_EXIT_USAGE, error);
  /* A command without parameters takes nothing but options. */
  if (*parameter_string == '\0' && *argc > 1)
    return bk_cli_usage (_("%s takes no argument “%s”; see “bierkopf-cli %s --help”"),
                         command, (*argv)[1], command);

  bk_rules_init_default (&options->rules);
  code = parse_game (options, command, house_rules, &error);
  if (code != BK_EXIT_OK)
    return code;

  /* The options of the game's own house rules: --variant of Herzla is Herzla's. */
  for (guint i = 0; house_rules[i].key; i++)
    {
      const BkHouseRule *rule;

      if (options->plain_rules[i] == NULL || g_str_equal (house_rules[i].key, "game"))
        continue;
      rule = bk_rules_find_for (&options->rules, house_rules[i].key);
      if (rule == NULL || rule->writing != BK_HOUSE_RULE_WRITE_PLAIN)
        return options->rules.game == BK_GAME_HERZLA
               /* Translators: %s is an option such as --void, which Herzla does not know. */
               ? bk_cli_usage (_("Herzla has no option --%s"), house_rules[i].key)
               /* Translators: %s is an option such as --players, which only Herzla knows. */
               : bk_cli_usage (_("Bierkopf has no option --%s"), house_rules[i].key);
      if (!bk_house_rule_parse (rule, &options->rules, options->plain_rules[i], &error))
        return bk_cli_fail (BK_EXIT_USAGE, error);
    }

  for (guint i = 0; options->rule_args && options->rule_args[i]; i++)
    {
      g_auto (GStrv) pair = g_strsplit (options->rule_args[i], "=", 2);

      if (pair[0] == NULL || pair[1] == NULL)
        return bk_cli_usage (_("--rule takes KEY=VALUE, not “%s”"), options->rule_args[i]);
      if (!bk_rules_set_option (&options->rules, pair[0], pair[1], &error))
        return bk_cli_fail (BK_EXIT_USAGE, error);
    }

  if (options->rules.game == BK_GAME_HERZLA)
    {
      bk_herzla_rules_from (&options->herzla, &options->rules);
      if (!bk_herzla_rules_check (&options->herzla, &error))
        return bk_cli_fail (BK_EXIT_USAGE, error);
    }
  else if (!bk_game_module_playable (&options->rules, &error))
    return bk_cli_fail (BK_EXIT_USAGE, error);

  if (seed_text && !g_ascii_string_to_unsigned (seed_text, 10, 0, G_MAXUINT64, &options->seed,
                                                NULL))
    return bk_cli_usage (_("The seed must be a whole number, not “%s”"), seed_text);

  return BK_EXIT_OK;
}

/* The statements of the record's header, its lines before the first deal, each split in
 * words without its comment. A byte order mark before it is skipped, as the record
 * reader skips it. */
static GPtrArray *
header_lines (const char *text,
              gsize       length)
{
  GPtrArray *lines = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  const char *end = text + length;

  if (length >= 3 && memcmp (text, "\xEF\xBB\xBF", 3) == 0)
    text += 3;
  for (const char *line = text; line < end;)
    {
      const char *next = memchr (line, '\n', end - line);
      const char *stop = next ? next : end;
      const char *start = line;
      g_autofree char *copy = NULL;
      char **words;

      line = next ? next + 1 : end;
      /* Blank lines and comments cost nothing: a record may hold millions of them. */
      while (start < stop && g_ascii_isspace (*start))
        start++;
      if (start == stop || *start == '#')
        continue;
      copy = g_strndup (start, stop - start);
      if (strchr (copy, '#'))
        *strchr (copy, '#') = '\0';
      words = g_strsplit_set (g_strstrip (copy), " \t", -1);
      if (words[0] == NULL || words[0][0] == '\0')
        {
          g_strfreev (words);
          continue;
        }
      if (g_str_equal (words[0], "dealer") || g_str_equal (words[0], "hand"))
        {
          g_strfreev (words);
          break;
        }
      g_ptr_array_add (lines, words);
    }
  return lines;
}

/* The game that the record's header names ("game herzla", notation.md), or @fallback
 * when it names none. */
BkGameKind
bk_cli_record_game (const char *text,
                    gsize       length,
                    BkGameKind  fallback)
{
  g_autoptr (GPtrArray) lines = header_lines (text, length);

  for (guint i = 0; i < lines->len; i++)
    {
      char **words = g_ptr_array_index (lines, i);

      if (!g_str_equal (words[0], "game") || words[1] == NULL)
        continue;
      if (g_ascii_strcasecmp (words[1], "herzla") == 0)
        return BK_GAME_HERZLA;
      if (g_ascii_strcasecmp (words[1], "bierkopf") == 0)
        return BK_GAME_BIERKOPF;
      break;
    }
  return fallback;
}

/* notation.md "Commands": the record's header decides its game and its house rules; an
 * option on the command line that the header contradicts is a mistake of the command
 * line, not something to ignore. */
int
bk_cli_check_record (const BkCliOptions *options,
                     const char         *text,
                     gsize               length)
{
  const BkHouseRule *house_rules = bk_rules_get_house_rules ();
  g_autoptr (GPtrArray) lines = NULL;
  BkGameKind game = bk_cli_record_game (text, length, options->rules.game);

  if (options->game_given && options->rules.game != game)
    return bk_cli_usage (game == BK_GAME_HERZLA
                         ? _("The record is a game of Herzla, not Bierkopf: leave out --game, "
                             "or give --game herzla")
                         : _("The record is a game of Bierkopf, not Herzla: leave out --game, "
                             "or give --game bierkopf"));

  lines = header_lines (text, length);
  for (guint i = 0; house_rules[i].key; i++)
    {
      const char *given = options->plain_rules[i];

      if (given == NULL || g_str_equal (house_rules[i].key, "game"))
        continue;
      for (guint k = 0; k < lines->len; k++)
        {
          char **words = g_ptr_array_index (lines, k);

          if (g_str_equal (words[0], house_rules[i].key) && words[1] &&
              g_ascii_strcasecmp (words[1], given) != 0)
            /* Translators: "The record says “variant kurz”: leave out --variant, or give
             * --variant kurz" */
            return bk_cli_usage (_("The record says “%s %s”: leave out --%s, or give --%s %s"),
                                 words[0], words[1], words[0], words[0], words[1]);
        }
    }
  /* The other house rules: `rule KEY VALUE` in the header, --rule KEY=VALUE. */
  for (guint i = 0; options->rule_args && options->rule_args[i]; i++)
    {
      g_auto (GStrv) pair = g_strsplit (options->rule_args[i], "=", 2);

      for (guint k = 0; pair[0] && pair[1] && k < lines->len; k++)
        {
          char **words = g_ptr_array_index (lines, k);

          if (g_str_equal (words[0], "rule") && words[1] && words[2] &&
              g_str_equal (words[1], pair[0]) && g_ascii_strcasecmp (words[2], pair[1]) != 0)
            /* Translators: "The record says “rule packets 3-2”: leave out --rule packets=…,
             * or give --rule packets=3-2" */
            return bk_cli_usage (_("The record says “rule %s %s”: leave out --rule %s=…, or "
                                   "give --rule %s=%s"),
                                 words[1], words[2], words[1], words[1], words[2]);
        }
    }
  return BK_EXIT_OK;
}

/* Prints @node on one line and frees it. */
void
bk_cli_print_json (JsonNode *node)
{
  g_autoptr (JsonGenerator) generator = json_generator_new ();
  g_autofree char *text = NULL;

  json_generator_set_root (generator, node);
  json_node_unref (node);
  text = json_generator_to_data (generator, NULL);
  puts (text);
}

/* notation.md: the state of the session. */
JsonNode *
bk_cli_match_json (BkGame *game)
{
  g_autoptr (JsonBuilder) builder = json_builder_new ();

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "match");
  json_builder_begin_object (builder);
  for (BkTeam team = BK_TEAM_SN; team < BK_N_TEAMS; team++)
    {
      json_builder_set_member_name (builder, bk_team_to_string (team));
      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "lines");
      json_builder_add_int_value (builder, game ? bk_bierkopf_game_get_lines_left (game, team) : 21);
      json_builder_set_member_name (builder, "dots");
      json_builder_add_int_value (builder, game ? bk_bierkopf_game_get_dots (game, team) : 0);
      json_builder_end_object (builder);
    }
  json_builder_set_member_name (builder, "carry");
  json_builder_add_int_value (builder, game ? bk_bierkopf_game_get_carry (game) : 0);
  json_builder_end_object (builder);
  json_builder_end_object (builder);
  return json_builder_get_root (builder);
}
