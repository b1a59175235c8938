/* doubling-table.c: what the doublings of a session were worth, by the doubler's word.
 *
 *   bierkopf-cli play --deals 20000 --seed 11 \
 *       --players S=heuristic,W=meister,N=meister,E=meister > play.json
 *   doubling-table [--person S] [--lines 21] play.json [more.json ...]   (or - for stdin)
 *
 * Reads the JSON of `bierkopf-cli play` (one object per hand, each file one session that
 * starts on fresh coasters) and tables every doubling by which doubling it was (Spritze,
 * 1st Retour, 2nd Retour, ...), the doubler's own word and whether it came before or
 * after the first card: how often, how often the doubler's team won the hand, and its
 * mean marginal value.
 *
 * The marginal value of a doubling to the doubler's team is what the hand struck for
 * that team (positive) or against it (negative) with the doubling, minus what it would
 * have struck without it, the play and every other doubling staying the same: with the
 * final multiplier m, the level L (1 simple, 2 Schneider, 3 Schwarz), the carry c taken
 * in and the lines C left on the winner's coaster before the hand (spec B5.2, B5.3,
 * B6.1), ±(min (L·m + c, C) − min (L·m/2 + c, C)). Without the cap that is half the
 * hand's value; a doubling beyond what the coaster can take is worth nothing. A 60:60 tie
 * counts 0 (its value waits for the next winner). The coasters are followed through the
 * session as BkGame keeps them (21 lines by default, both fresh after a Bollen). The last
 * column is the whole hand's lines for the doubler's team, ±min (L·m + c, C), for
 * comparison.
 *
 * Doublings by the --person seat are tabled apart (in the setting South is the
 * person's stand-in). A development tool: built, never run by the test suite.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <json-glib/json-glib.h>

#include "bk-bierkopf-module.h"
#include "bk-hand-state.h"
#include "bk-levels.h"
#include "bk-rng.h"
#include "bk-strategy.h"


/* Spritze, 1st Retour, 2nd Retour, 3rd Retour or later. */
#define N_ORDINALS 4
/* gut, mittel, schlecht, helfen, nicht-helfen, silent, did not talk. */
#define N_WORDS 7

static const char *const word_names[N_WORDS] = {
  "gut", "mittel", "schlecht", "helfen", "nicht-helfen", "schweigt", "–",
};

static const char *const ordinal_names[N_ORDINALS] = {
  "Spritze (×2)", "1st Retour (×4)", "2nd Retour (×8)", "3rd Retour or later (×16+)",
};

typedef struct {
  guint  n;
  guint  won;
  double sum;
  double sum_squares;
  double hand_sum;    /* the whole hand's lines for the doubler's team */
} Cell;

/* [person][ordinal][word][after the first card] */
static Cell cells[2][N_ORDINALS][N_WORDS + 1][2];

static int
word_index (const char *word)
{
  for (guint i = 0; i < N_WORDS - 1; i++)
    if (g_strcmp0 (word, word_names[i]) == 0)
      return i;
  return N_WORDS - 1;
}

static int
seat_team (const char *seat)
{
  return seat[0] == 'S' || seat[0] == 'N' ? 0 : 1;
}

static void
cell_add (Cell    *cell,
          gboolean won,
          double   value,
          double   hand)
{
  cell->n++;
  cell->hand_sum += hand;
  cell->won += won;
  cell->sum += value;
  cell->sum_squares += value * value;
}

typedef struct {
  char     seat[2];
  gboolean after;  /* after the first card */
} Doubling;

/* The doublings as recorded, or (with --replay) as the given levels would have made them
 * over the recorded deal, words, Spritze and cards. Returns the multiplier. */
static guint
hand_doublings (JsonObject  *hand,
                BkStrategy **replay,
                const guint  lines_left[2],
                Doubling    *out,
                guint       *n_out)
{
  JsonArray *doublings = json_object_get_array_member (hand, "doublings");
  JsonArray *talk = json_object_get_array_member (hand, "talk");
  JsonArray *cards = json_object_get_array_member (hand, "cards");
  JsonObject *deal = json_object_get_object_member (hand, "deal");
  BkRules rules;
  BkHandState state;
  BkHand hands[BK_N_SEATS];
  BkSeat dealer;
  guint next_talk = 0, next_card = 0, next_double = 0, asked_at = G_MAXUINT, asked = 0;
  guint64 hand_number = json_object_get_int_member (hand, "hand");

  *n_out = 0;
  if (replay == NULL)
    {
      for (guint i = 0; i < json_array_get_length (doublings); i++)
        {
          JsonObject *doubling = json_array_get_object_element (doublings, i);

          g_strlcpy (out[i].seat, json_object_get_string_member (doubling, "seat"), 2);
          out[i].after = json_object_get_int_member (doubling, "cards_played") > 0;
          (*n_out)++;
        }
      return json_object_get_int_member (json_object_get_object_member (hand, "result"),
                                         "multiplier");
    }

  bk_rules_init_default (&rules);
  if (!bk_seat_parse (json_object_get_string_member (hand, "dealer"), &dealer, NULL))
    g_error ("hand %" G_GUINT64_FORMAT ": no dealer", hand_number);
  for (guint s = 0; s < BK_N_SEATS; s++)
    if (!bk_hand_parse (json_object_get_string_member (deal, bk_seat_to_string ((BkSeat) s)),
                        &hands[s], NULL))
      g_error ("hand %" G_GUINT64_FORMAT ": bad deal", hand_number);
  bk_hand_state_init (&state, &rules, dealer, hands, lines_left[0], lines_left[1]);

  while (!bk_hand_state_is_over (&state))
    {
      BkSeat seat = (BkSeat) state.to_act;
      BkAction action;
      gboolean raised = FALSE;
      g_autoptr (GError) error = NULL;

      /* Retours are offered as bk_game_step() offers them: each seat that may raise, once
       * per card on the table. */
      if (bk_hand_state_retour_open (&state))
        {
          guint position = bk_hand_state_cards_played (&state);

          if (position != asked_at)
            {
              asked_at = position;
              asked = 0;
            }
          for (guint s = 0; s < BK_N_SEATS && !raised; s++)
            {
              guint64 seed = bk_rng_mix ((hand_number << 16) ^ (position << 4) ^ s);
              BkAction accept;

              if ((asked & (1u << s)) || !bk_hand_state_may_double (&state, (BkSeat) s))
                continue;
              asked |= 1u << s;
              if (bk_strategy_answer_offer (replay[s], &bk_bierkopf_module, &state, s, seed, &accept))
                {
                  action = bk_action_make (BK_ACTION_DOUBLE, (BkSeat) s, 0);
                  g_strlcpy (out[*n_out].seat, bk_seat_to_string ((BkSeat) s), 2);
                  out[(*n_out)++].after = TRUE;
                  bk_hand_state_apply_unchecked (&state, &action);
                  raised = TRUE;
                }
            }
          if (raised)
            continue;
        }

      switch (state.step)
        {
        case BK_STEP_CONFER_VH:
        case BK_STEP_CONFER_HH:
        case BK_STEP_CONFER_MH:
        case BK_STEP_CONFER_GEBER:
          {
            JsonArray *said = next_talk < json_array_get_length (talk)
                              ? json_array_get_array_element (talk, next_talk) : NULL;
            BkWord word = BK_WORD_NONE;

            if (said && g_strcmp0 (json_array_get_string_element (said, 0),
                                   bk_seat_to_string (seat)) == 0 &&
                bk_word_parse (json_array_get_string_element (said, 1), &word, NULL))
              next_talk++;
            action = bk_action_make (BK_ACTION_TALK, seat, word);
            break;
          }
        case BK_STEP_PLAY:
          {
            const char *move = json_array_get_string_element (cards, next_card++);
            BkCard card;

            if (!bk_card_parse (move + 2, &card, NULL))
              g_error ("hand %" G_GUINT64_FORMAT ": bad card %s", hand_number, move);
            action = bk_action_make (BK_ACTION_PLAY, seat, card);
            break;
          }
        default:
          {
            /* The Spritze as recorded (the decider is the seat to act). */
            JsonObject *doubling = next_double < json_array_get_length (doublings)
                                   ? json_array_get_object_element (doublings, next_double)
                                   : NULL;
            BkSeat decider = bk_hand_state_decider (&state);

            if (doubling && json_object_get_int_member (doubling, "cards_played") == 0 &&
                g_strcmp0 (json_object_get_string_member (doubling, "seat"),
                           bk_seat_to_string (decider)) == 0)
              {
                next_double++;
                action = bk_action_make (BK_ACTION_DOUBLE, decider, 0);
                g_strlcpy (out[*n_out].seat, bk_seat_to_string (decider), 2);
                out[(*n_out)++].after = FALSE;
              }
            else
              action = bk_action_make (BK_ACTION_PASS, decider, 0);
            break;
          }
        }
      if (!bk_hand_state_apply (&state, &action, &error))
        g_error ("hand %" G_GUINT64_FORMAT " does not replay: %s", hand_number, error->message);
    }
  return bk_hand_state_multiplier (&state);
}

/* One hand: table its doublings, then strike its lines as BkGame does (the recorded
 * ones: a replay keeps the session as it was). */
static void
add_hand (JsonObject  *hand,
          const char  *person,
          BkStrategy **replay,
          guint        lines,
          guint        lines_left[2],
          guint       *carry)
{
  JsonObject *result = json_object_get_object_member (hand, "result");
  JsonArray *talk = json_object_get_array_member (hand, "talk");
  JsonNode *winner_node = json_object_get_member (result, "winner");
  int winner = JSON_NODE_HOLDS_NULL (winner_node) ? -1
               : g_strcmp0 (json_node_get_string (winner_node), "SN") == 0 ? 0 : 1;
  guint level = json_object_get_boolean_member (result, "schwarz") ? 3
                : json_object_get_boolean_member (result, "schneider") ? 2 : 1;
  Doubling doublings[BK_HAND_HISTORY_MAX];
  guint n, multiplier;

  multiplier = hand_doublings (hand, replay, lines_left, doublings, &n);
  for (guint i = 0; i < n; i++)
    {
      const char *seat = doublings[i].seat;
      gboolean after = doublings[i].after;
      int team = seat_team (seat);
      gboolean is_person = person && g_strcmp0 (seat, person) == 0;
      const char *word = NULL;
      double value = 0, whole = 0;

      for (guint k = 0; k < json_array_get_length (talk) && word == NULL; k++)
        {
          JsonArray *said = json_array_get_array_element (talk, k);

          if (g_strcmp0 (json_array_get_string_element (said, 0), seat) == 0)
            word = json_array_get_string_element (said, 1);
        }
      if (winner >= 0)
        {
          guint cap = lines_left[winner];
          guint with = MIN (level * multiplier + *carry, cap);
          guint without = MIN (level * multiplier / 2 + *carry, cap);

          value = (winner == team ? 1.0 : -1.0) * (with - without);
          whole = (winner == team ? 1.0 : -1.0) * with;
        }
      for (int w = 0; w < 2; w++)
        cell_add (&cells[is_person][MIN (i, N_ORDINALS - 1)][w ? N_WORDS : word_index (word)][after],
                  winner == team, value, whole);
    }

  /* spec B5.3, B6.1, B6.2: the tie carries, the winner strikes, a Bollen starts anew. */
  if (winner < 0)
    *carry += json_object_get_int_member (result, "multiplier");
  else
    {
      guint struck = json_object_get_int_member (result, "lines");

      *carry = 0;
      lines_left[winner] -= MIN (lines_left[winner], struck);
      if (lines_left[winner] == 0)
        lines_left[0] = lines_left[1] = lines;
    }
}

static gboolean
read_session (const char  *path,
              const char  *person,
              BkStrategy **replay,
              guint        lines,
              guint       *hands,
              GError     **error)
{
  g_autoptr (GIOChannel) channel = NULL;
  guint lines_left[2] = { lines, lines };
  guint carry = 0;
  char *line = NULL;
  gsize length;

  if (g_strcmp0 (path, "-") == 0)
    channel = g_io_channel_unix_new (0);
  else
    channel = g_io_channel_new_file (path, "r", error);
  if (channel == NULL)
    return FALSE;
  while (g_io_channel_read_line (channel, &line, &length, NULL, error) == G_IO_STATUS_NORMAL)
    {
      g_autoptr (JsonParser) parser = json_parser_new ();
      g_autofree char *text = line;
      JsonObject *object;

      /* A session still being written ends in a partial line: stop before it. */
      if (length == 0 || text[length - 1] != '\n')
        break;
      if (!json_parser_load_from_data (parser, text, length, error))
        return FALSE;
      object = json_node_get_object (json_parser_get_root (parser));
      if (json_object_has_member (object, "hand"))
        {
          add_hand (object, person, replay, lines, lines_left, &carry);
          (*hands)++;
        }
    }
  return error == NULL || *error == NULL;
}

static void
print_row (const char *what,
           const char *word,
           const char *when,
           const Cell *cell)
{
  double mean = cell->sum / cell->n;
  double variance = cell->n > 1
                    ? (cell->sum_squares - cell->n * mean * mean) / (cell->n - 1) : 0;
  double half = 1.96 * sqrt (MAX (variance, 0) / cell->n);

  printf ("| %s | %s | %s | %u | %.1f%% | %+.2f ± %.2f | %+.2f |\n", what, word, when,
          cell->n, 100.0 * cell->won / cell->n, mean, half, cell->hand_sum / cell->n);
}

static void
print_table (gboolean    person,
             const char *title)
{
  printf ("\n%s\n\n", title);
  printf ("| doubling | doubler's word | when | n | doubler's team won | "
          "marginal lines (95%% CI) | hand's lines |\n");
  printf ("|---|---|---|---|---|---|---|\n");
  for (guint o = 0; o < N_ORDINALS; o++)
    for (guint w = 0; w <= N_WORDS; w++)
      for (guint a = 0; a < 2; a++)
        if (cells[person][o][w][a].n)
          print_row (ordinal_names[o], w == N_WORDS ? "**all**" : word_names[w],
                     a ? "after the 1st card" : "before", &cells[person][o][w][a]);
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *person = NULL;
  g_autofree char *replay_levels = NULL;
  BkStrategy *replay[BK_N_SEATS] = { NULL };
  gint lines = 21;
  const GOptionEntry entries[] = {
    { "person", 0, 0, G_OPTION_ARG_STRING, &person,
      "Table this seat's doublings apart (the person's stand-in)", "SEAT" },
    { "lines", 0, 0, G_OPTION_ARG_INT, &lines, "Lines on a fresh coaster (21)", "N" },
    { "replay", 0, 0, G_OPTION_ARG_STRING, &replay_levels,
      "Decide the Retours anew with these levels (every seat), keeping the recorded deal, "
      "words, Spritze and cards", "SEAT=LEVEL,…" },
    { NULL }
  };
  g_autoptr (GOptionContext) context = g_option_context_new ("FILE.json…");
  g_autoptr (GError) error = NULL;
  guint hands = 0;

  g_option_context_add_main_entries (context, entries, NULL);
  g_option_context_set_summary (context,
                                "Tables the doublings in `bierkopf-cli play` output by the "
                                "doubler's word, with their marginal value in lines.");
  if (!g_option_context_parse (context, &argc, &argv, &error) || argc < 2 || lines < 1)
    {
      g_printerr ("doubling-table: %s\n", error ? error->message : "give one or more files");
      return 2;
    }
  if (replay_levels)
    {
      g_auto (GStrv) items = g_strsplit (replay_levels, ",", -1);

      for (guint i = 0; items[i]; i++)
        {
          g_auto (GStrv) pair = g_strsplit (items[i], "=", 2);
          BkSeat seat;

          if (pair[1] == NULL || !bk_seat_parse (pair[0], &seat, &error) ||
              (replay[seat] = bk_strategy_new_for_level (BK_GAME_BIERKOPF, pair[1], &error)) == NULL)
            {
              g_printerr ("doubling-table: --replay: %s\n",
                          error ? error->message : items[i]);
              return 2;
            }
        }
      for (guint s = 0; s < BK_N_SEATS; s++)
        if (replay[s] == NULL)
          {
            g_printerr ("doubling-table: --replay needs a level for every seat\n");
            return 2;
          }
    }
  for (int i = 1; i < argc; i++)
    if (!read_session (argv[i], person, replay_levels ? replay : NULL, (guint) lines, &hands,
                       &error))
      {
        g_printerr ("doubling-table: %s: %s\n", argv[i], error->message);
        return 1;
      }

  printf ("%u hands in %d session(s)%s.\n", hands, argc - 1,
          replay_levels ? ", Retours decided anew" : "");
  print_table (FALSE, person ? "Doublings by the computer players:" : "Doublings:");
  if (person)
    print_table (TRUE, "Doublings by the person's stand-in:");
  for (guint s = 0; s < BK_N_SEATS; s++)
    g_clear_object (&replay[s]);
  return 0;
}
