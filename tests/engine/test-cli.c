/* test-cli.c: bierkopf-cli as a black box (notation.md "Commands", "Game record").
 *
 * Runs the built binary named by $BIERKOPF_CLI and checks its stdout, stderr and exit
 * status: 0 on success, 1 for a rule violation or an invalid record, 2 for bad arguments.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <fcntl.h>
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <json-glib/json-glib.h>
#include <string.h>
#include <unistd.h>

#include "bk-record.h"

static char *cli_path;

typedef struct {
  int   status; /* the exit status, or -1 when the process did not exit normally */
  char *out;
  char *err;
} CliRun;

static void
cli_run_clear (CliRun *run)
{
  g_clear_pointer (&run->out, g_free);
  g_clear_pointer (&run->err, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (CliRun, cli_run_clear)

/* Runs bierkopf-cli with @args (NULL-terminated), @input on its stdin (NULL: empty). */
static void
cli_runv (CliRun             *run,
          const char         *input,
          const char * const *args)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GSubprocess) process = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *command = NULL;

  g_ptr_array_add (argv, cli_path);
  for (guint i = 0; args[i]; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);

  command = g_strjoinv ("” “", (char **) argv->pdata);
  g_test_message ("running “%s”", command);

  process = g_subprocess_newv ((const char * const *) argv->pdata,
                               G_SUBPROCESS_FLAGS_STDIN_PIPE |
                               G_SUBPROCESS_FLAGS_STDOUT_PIPE |
                               G_SUBPROCESS_FLAGS_STDERR_PIPE,
                               &error);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (process, input, NULL, &run->out, &run->err, &error);
  g_assert_no_error (error);
  g_assert_nonnull (run->out);
  g_assert_nonnull (run->err);

  run->status = g_subprocess_get_if_exited (process) ? g_subprocess_get_exit_status (process)
                                                     : -1;
  if (run->err[0])
    {
      g_auto (GStrv) lines = g_strsplit (run->err, "\n", -1);

      for (guint i = 0; lines[i]; i++)
        if (lines[i][0])
          g_test_message ("stderr: %s", lines[i]);
    }
}

static void cli_run (CliRun     *run,
                     const char *input,
                     ...) G_GNUC_NULL_TERMINATED;

static void
cli_run (CliRun     *run,
         const char *input,
         ...)
{
  g_autoptr (GPtrArray) args = g_ptr_array_new ();
  const char *arg;
  va_list ap;

  va_start (ap, input);
  while ((arg = va_arg (ap, const char *)) != NULL)
    g_ptr_array_add (args, (gpointer) arg);
  va_end (ap);
  g_ptr_array_add (args, NULL);

  cli_runv (run, input, (const char * const *) args->pdata);
}

/* notation.md: exit 0, the expected line on stdout, nothing on stderr. */
static void
assert_success (const CliRun *run,
                const char   *expected_out)
{
  g_assert_cmpint (run->status, ==, 0);
  g_assert_cmpstr (run->err, ==, "");
  if (expected_out)
    g_assert_cmpstr (run->out, ==, expected_out);
}

/* notation.md: an error exits with @code, says why on stderr and prints nothing. */
static void
assert_failure (const CliRun *run,
                int           code)
{
  g_assert_cmpint (run->status, ==, code);
  g_assert_cmpstr (run->out, ==, "");
  g_assert_cmpstr (run->err, !=, "");
}

/* The non-empty lines of @text; the text must end with a newline. */
static GStrv
split_lines (const char *text)
{
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
  g_auto (GStrv) lines = NULL;

  g_assert_true (g_str_has_suffix (text, "\n"));
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i]; i++)
    if (lines[i][0])
      g_strv_builder_add (builder, lines[i]);
  return g_strv_builder_end (builder);
}

static JsonNode *
parse_json (const char *text)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;

  json_parser_load_from_data (parser, text, -1, &error);
  g_assert_no_error (error);
  g_assert_nonnull (json_parser_get_root (parser));
  return json_node_copy (json_parser_get_root (parser));
}

static JsonObject *
object_member (JsonObject *object,
               const char *name)
{
  JsonNode *node = json_object_get_member (object, name);

  if (node == NULL)
    g_test_message ("no member “%s”", name);
  g_assert_nonnull (node);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (node));
  return json_node_get_object (node);
}

static JsonArray *
array_member (JsonObject *object,
              const char *name)
{
  JsonNode *node = json_object_get_member (object, name);

  if (node == NULL)
    g_test_message ("no member “%s”", name);
  g_assert_nonnull (node);
  g_assert_true (JSON_NODE_HOLDS_ARRAY (node));
  return json_node_get_array (node);
}

static gint64
int_member (JsonObject *object,
            const char *name)
{
  JsonNode *node = json_object_get_member (object, name);

  if (node == NULL)
    g_test_message ("no member “%s”", name);
  g_assert_nonnull (node);
  g_assert_cmpuint (json_node_get_value_type (node), ==, G_TYPE_INT64);
  return json_node_get_int (node);
}

static const char *
string_member (JsonObject *object,
               const char *name)
{
  JsonNode *node = json_object_get_member (object, name);

  if (node == NULL)
    g_test_message ("no member “%s”", name);
  g_assert_nonnull (node);
  g_assert_cmpuint (json_node_get_value_type (node), ==, G_TYPE_STRING);
  return json_node_get_string (node);
}

static gboolean
bool_member (JsonObject *object,
             const char *name)
{
  JsonNode *node = json_object_get_member (object, name);

  if (node == NULL)
    g_test_message ("no member “%s”", name);
  g_assert_nonnull (node);
  g_assert_cmpuint (json_node_get_value_type (node), ==, G_TYPE_BOOLEAN);
  return json_node_get_boolean (node);
}

/* ------------------------------------------------------------------------------------ */
/* legal */

/* spec B4.2 */
static void
test_legal_follow_suit (void)
{
  g_auto (CliRun) run = { 0 };

  cli_run (&run, NULL, "legal", "--hand", "HA GK SA S10 EK", "--trick", "EA", NULL);
  assert_success (&run, "EK\n");
  cli_run_clear (&run);

  cli_run (&run, NULL, "legal", "--hand", "HA GK SA S10 EK", "--trick", "SK", NULL);
  assert_success (&run, "SA S10\n");
  cli_run_clear (&run);

  /* A led Herz card asks for a trump. */
  cli_run (&run, NULL, "legal", "--hand", "EO GK SA", "--trick", "HK", NULL);
  assert_success (&run, "EO\n");
  cli_run_clear (&run);

  /* Leading: the whole hand, in the sort order of notation.md, case-insensitive input. */
  cli_run (&run, NULL, "legal", "--hand", "sa eo ha gk e10 hu", NULL);
  assert_success (&run, "EO HU HA E10 GK SA\n");
}

/* spec B4.3: the default void rule is Trumpfzwang, any trump. */
static void
test_legal_trumpfzwang (void)
{
  g_auto (CliRun) run = { 0 };

  cli_run (&run, NULL, "legal", "--hand", "SU HK GA SA", "--trick", "EA", NULL);
  assert_success (&run, "SU HK\n");
  cli_run_clear (&run);

  cli_run (&run, NULL, "legal", "--void", "trumpfzwang", "--hand", "SU HK GA SA",
           "--trick", "EA", NULL);
  assert_success (&run, "SU HK\n");
  cli_run_clear (&run);

  /* Trumped already: any trump still, beating or not. */
  cli_run (&run, NULL, "legal", "--hand", "HO SU SA", "--trick", "EA GU", NULL);
  assert_success (&run, "HO SU\n");
  cli_run_clear (&run);

  /* Without a trump any card. */
  cli_run (&run, NULL, "legal", "--hand", "GA GK SA", "--trick", "EA", NULL);
  assert_success (&run, "GA GK SA\n");
}

/* spec B4.3 Frei */
static void
test_legal_frei (void)
{
  g_auto (CliRun) run = { 0 };

  cli_run (&run, NULL, "legal", "--void", "frei", "--hand", "SU HK GA SA", "--trick", "EA",
           NULL);
  assert_success (&run, "SU HK GA SA\n");
  cli_run_clear (&run);

  /* Farbzwang still holds. */
  cli_run (&run, NULL, "legal", "--void", "frei", "--hand", "SU HK EK SA", "--trick", "EA",
           NULL);
  assert_success (&run, "EK\n");
}

/* spec B4.3 Überstechen */
static void
test_legal_ueberstechen (void)
{
  g_auto (CliRun) run = { 0 };

  cli_run (&run, NULL, "legal", "--void", "ueberstechen", "--hand", "HO SU SA",
           "--trick", "EA GU", NULL);
  assert_success (&run, "HO\n");
  cli_run_clear (&run);

  /* No trump beats the Eichel-Ober: any trump. */
  cli_run (&run, NULL, "legal", "--void", "ueberstechen", "--hand", "HA SU GK",
           "--trick", "EA EO", NULL);
  assert_success (&run, "SU HA\n");
}

/* spec B1.2: nines only in the long game. */
static void
test_legal_variant (void)
{
  g_auto (CliRun) run = { 0 };

  cli_run (&run, NULL, "legal", "--variant", "lang", "--hand", "E9 EK GA", "--trick", "EA",
           NULL);
  assert_success (&run, "EK E9\n");
  cli_run_clear (&run);

  cli_run (&run, NULL, "legal", "--variant", "lang", "--hand", "EK GA", "--trick", "S9 H9",
           NULL);
  assert_success (&run, "EK GA\n");
  cli_run_clear (&run);

  cli_run (&run, NULL, "legal", "--hand", "E9 EK GA", "--trick", "EA", NULL);
  assert_failure (&run, 2);
  cli_run_clear (&run);

  cli_run (&run, NULL, "legal", "--variant", "kurz", "--hand", "E9 EK GA", "--trick", "EA",
           NULL);
  assert_failure (&run, 2);
  cli_run_clear (&run);

  cli_run (&run, NULL, "legal", "--variant", "kurz", "--hand", "EK GA", "--trick", "E9",
           NULL);
  assert_failure (&run, 2);
}

/* ------------------------------------------------------------------------------------ */
/* trick */

/* spec B4.4, B1.1 */
static void
test_trick (void)
{
  g_auto (CliRun) run = { 0 };

  cli_run (&run, NULL, "trick", "--cards", "EA GU HO E10", NULL);
  assert_success (&run, "{\"winner\":2,\"points\":26}\n");
  cli_run_clear (&run);

  cli_run (&run, NULL, "trick", "--cards", "GK SA EA S10", NULL);
  assert_success (&run, "{\"winner\":0,\"points\":36}\n");
  cli_run_clear (&run);

  cli_run (&run, NULL, "trick", "--variant", "lang", "--cards", "E9 EK G9 EA", NULL);
  assert_success (&run, "{\"winner\":3,\"points\":15}\n");
}

/* ------------------------------------------------------------------------------------ */
/* bad arguments */

/* notation.md: bad arguments exit 2 with a message on stderr and nothing on stdout. */
static void
test_bad_arguments (void)
{
  static const char * const cases[][9] = {
    { "legal", "--hand", "EA XX", NULL },                       /* unknown card */
    { "legal", "--hand", "EA EK", "--trick", "E11", NULL },
    { "trick", "--cards", "EA ZZ", NULL },
    { "legal", "--hand", "EA EK EA", NULL },                    /* duplicate card */
    { "trick", "--cards", "EA GU ea", NULL },
    { "legal", "--hand", "EA EK", "--trick", "EA", NULL },      /* in hand and trick */
    { "frobnicate", NULL },                                     /* unknown command */
    { "legal", "--hand", "EA", "--void", "nonsense", NULL },
    { "legal", "--hand", "EA", "--variant", "mittel", NULL },
    { "play", "--deals", "1", "--seed", "abc", NULL },
    { "play", "--deals", "0", NULL },
    { "legal", "--trick", "EA", NULL },                         /* missing --hand */
    { "trick", NULL },                                          /* missing --cards */
    { "trick", "--cards", "EA GU HO E10 GA", NULL },            /* five cards */
    { "legal", "--hand", "EA", "--frobnicate", NULL },          /* unknown option */
    { "legal", "--hand", "EK", "--trick", "EA GA SA HA", NULL }, /* four cards lie */
    { "legal", "--hand", "", NULL },                            /* empty hand */
    { "trick", "--cards", "", NULL },                           /* empty trick */
    { "play", "--deals", "1", "--players", "S=nobody", NULL },  /* unknown level */
    { "trick", "--cards", "E9 EA", NULL },                      /* no nines in kurz */
    { "legal", "--variant", "lang", "--hand", "E8 EA", NULL },  /* no eights at all */
    { "play", "--deals", "1", "--seed", "-1", NULL },
    { NULL },                                                   /* no command at all */
    /* issue 10 (1): empty levels and pairs crashed */
    { "play", "--players", "S=", NULL },
    { "play", "--players", ",,,", NULL },
    { "play", "--players", "S=random,", NULL },
    { "play", "--players", "=random", NULL },
    { "match", "--a", "", "--b", "random", "--deals", "1", NULL },
    { "match", "--a", "random", "--b", ":", "--deals", "1", NULL },
    /* issue 10 (9): extra arguments were ignored */
    { "play", "--deals", "1", "extra", NULL },
    { "bench", "--quick", "extra", NULL },
    { "match", "--a", "random", "--b", "random", "--deals", "1", "extra", NULL },
    { "legal", "--hand", "EA", "extra", NULL },
    { "replay", "a", "b", NULL },
    /* issue 10 (2) */
    { "match", "--a", "random", "--b", "random", "--first", "-1", NULL },
    { "match", "--a", "random", "--b", "random", "--first", "2147483648", NULL },
    { "play", "--transcript", "--record", NULL },
    /* found by fuzz-cli: an empty --rule read past its split */
    { "play", "--rule", "", NULL },
    { "legal", "--hand", "EA", "--rule", "=", NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_auto (CliRun) run = { 0 };

      cli_runv (&run, NULL, cases[i]);
      assert_failure (&run, 2);
    }
}

/* Issue 10 (2): the last deal numbers a signed int can name, and beyond, without overflow. */
static void
test_match_first_max (void)
{
  g_auto (CliRun) run = { 0 };
  g_autoptr (JsonNode) node = NULL;
  JsonObject *object;

  cli_run (&run, NULL, "match", "--a", "random", "--b", "random", "--first", "2147483647",
           "--deals", "3", NULL);
  assert_success (&run, NULL);
  node = parse_json (run.out);
  object = json_node_get_object (node);
  g_assert_cmpint (json_object_get_int_member (object, "first"), ==, 2147483647);
  g_assert_cmpint (json_object_get_int_member (object, "deals"), ==, 3);
}

/* ------------------------------------------------------------------------------------ */
/* play */

static const char * const seats[] = { "S", "W", "N", "E" };

static guint
seat_index (const char *seat)
{
  for (guint i = 0; i < G_N_ELEMENTS (seats); i++)
    if (g_str_equal (seats[i], seat))
      return i;
  g_test_message ("“%s” is not a seat", seat);
  g_assert_not_reached ();
}

/* Counts the cards of @text, checking that each is new in @seen, and adds them. */
static guint
count_new_cards (const char *text,
                 GHashTable *seen)
{
  g_auto (GStrv) cards = g_strsplit (text, " ", -1);
  guint n = 0;

  for (guint i = 0; cards[i]; i++)
    {
      g_assert_cmpstr (cards[i], !=, "");
      g_assert_false (g_hash_table_contains (seen, cards[i]));
      g_hash_table_add (seen, g_strdup (cards[i]));
      n++;
    }
  return n;
}

/* The coasters as the spec keeps them (B5.3, B6), followed hand by hand. */
typedef struct {
  guint hand_size;
  guint lines_left[2]; /* SN, WE */
  guint dots[2];
  guint carry;
  guint bollen_won;
} Session;

static void
session_init (Session *session,
              guint    hand_size)
{
  *session = (Session) { hand_size, { 21, 21 }, { 0, 0 }, 0, 0 };
}

/* spec B2.4, B3, B4.1, B5, B6, notation.md: one hand of `play` as JSON. */
static void
check_play_hand (JsonObject *hand,
                 guint       number,
                 Session    *session)
{
  g_autoptr (GHashTable) dealt = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr (GHashTable) played = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                                         NULL);
  JsonObject *deal, *result, *points, *tricks;
  JsonArray *cards, *doublings;
  const char *dealer;
  guint leader, n_cards = session->hand_size * 4;
  gint64 multiplier = 1;

  g_assert_cmpint (int_member (hand, "hand"), ==, number);
  dealer = string_member (hand, "dealer");
  deal = object_member (hand, "deal");
  (void) array_member (hand, "talk");
  doublings = array_member (hand, "doublings");
  cards = array_member (hand, "cards");
  result = object_member (hand, "result");

  /* spec B1.2: five cards each of the 20-card pack, six of the 24-card pack. */
  g_assert_cmpuint (json_object_get_size (deal), ==, 4);
  for (guint s = 0; s < G_N_ELEMENTS (seats); s++)
    g_assert_cmpuint (count_new_cards (string_member (deal, seats[s]), dealt), ==,
                      session->hand_size);
  g_assert_cmpuint (g_hash_table_size (dealt), ==, n_cards);

  /* Every card once, each seat its own cards, Vorhand leads the first trick (spec B4.1),
   * the others follow clockwise. */
  g_assert_cmpuint (json_array_get_length (cards), ==, n_cards);
  leader = (seat_index (dealer) + 1) % 4;
  for (guint i = 0; i < n_cards; i++)
    {
      const char *move = json_array_get_string_element (cards, i);
      g_auto (GStrv) parts = g_strsplit (move, " ", -1);
      g_autofree char *hand_text = NULL;
      g_auto (GStrv) hand_cards = NULL;
      guint seat;

      g_assert_cmpuint (g_strv_length (parts), ==, 2);
      seat = seat_index (parts[0]);
      if (i == 0)
        g_assert_cmpuint (seat, ==, leader);
      else if (i % 4 != 0)
        g_assert_cmpuint (seat, ==, (leader + i % 4) % 4);
      if (i % 4 == 0)
        leader = seat;

      hand_text = g_strdup (string_member (deal, parts[0]));
      hand_cards = g_strsplit (hand_text, " ", -1);
      g_assert_true (g_strv_contains ((const char * const *) hand_cards, parts[1]));
      g_assert_false (g_hash_table_contains (played, parts[1]));
      g_hash_table_add (played, g_strdup (parts[1]));
    }

  /* spec B3.1-B3.7 with the default house rules: the Spritze before the first card, not
   * by the dealer; each Retour by the other team after the second or third card; no raise
   * once the multiplier reaches the lines left on both coasters. */
  for (guint i = 0; i < json_array_get_length (doublings); i++)
    {
      JsonObject *doubling = json_array_get_object_element (doublings, i);
      guint seat = seat_index (string_member (doubling, "seat"));
      gint64 cards_played = int_member (doubling, "cards_played");

      g_assert_false (multiplier >= session->lines_left[0] &&
                      multiplier >= session->lines_left[1]);
      multiplier *= 2;
      g_assert_cmpint (int_member (doubling, "multiplier"), ==, multiplier);
      if (i == 0)
        {
          g_assert_cmpint (cards_played, ==, 0);
          g_assert_cmpuint (seat, !=, seat_index (dealer));
        }
      else
        {
          JsonObject *before = json_array_get_object_element (doublings, i - 1);
          guint seat_before = seat_index (string_member (before, "seat"));

          g_assert_true (cards_played == 2 || cards_played == 3);
          g_assert_cmpuint (seat % 2, !=, seat_before % 2);
        }
    }

  /* spec B5 */
  points = object_member (result, "points");
  tricks = object_member (result, "tricks");
  g_assert_cmpint (int_member (points, "SN") + int_member (points, "WE"), ==, 120);
  g_assert_cmpint (int_member (tricks, "SN") + int_member (tricks, "WE"), ==,
                   session->hand_size);
  g_assert_cmpint (int_member (result, "multiplier"), ==, multiplier); /* spec B3.7 */

  if (JSON_NODE_HOLDS_NULL (json_object_get_member (result, "winner")))
    {
      /* spec B5.3: 60:60, the value waits for the next winner. */
      g_assert_cmpint (int_member (points, "SN"), ==, 60);
      g_assert_cmpint (int_member (result, "lines"), ==, 0);
      session->carry += (guint) multiplier;
    }
  else
    {
      const char *winner = string_member (result, "winner");
      guint team = g_str_equal (winner, "SN") ? 0 : 1;
      const char *loser = team == 0 ? "WE" : "SN";
      gboolean schneider = bool_member (result, "schneider");
      gboolean schwarz = bool_member (result, "schwarz");
      guint level = schwarz ? 3 : schneider ? 2 : 1;
      guint lines = (guint) int_member (result, "lines");

      g_assert_true (g_str_equal (winner, "SN") || g_str_equal (winner, "WE"));
      g_assert_cmpint (int_member (points, winner), >, 60);                   /* B5.1 */
      g_assert_cmpint (schneider, ==, int_member (points, loser) < 30);       /* B5.2 */
      g_assert_cmpint (schwarz, ==, int_member (tricks, loser) == 0);
      g_assert_cmpuint (lines, ==, level * multiplier + session->carry);      /* B5.3 */
      session->carry = 0;

      /* spec B6.1, B6.2 */
      session->lines_left[team] -= MIN (session->lines_left[team], lines);
      if (session->lines_left[team] == 0)
        {
          session->dots[1 - team]++;
          session->lines_left[0] = session->lines_left[1] = 21;
          session->bollen_won++;
        }
    }
}

/* notation.md `play`: hands, then the state of the session, as the coasters of B6 say. */
static void
check_play_output (const char *out,
                   guint       n_hands,
                   guint       hand_size,
                   Session    *session)
{
  g_auto (GStrv) lines = split_lines (out);
  g_autoptr (JsonNode) match_node = NULL;
  JsonObject *match;

  session_init (session, hand_size);
  g_assert_cmpuint (g_strv_length (lines), ==, n_hands + 1);
  for (guint i = 0; i < n_hands; i++)
    {
      g_autoptr (JsonNode) node = parse_json (lines[i]);

      g_assert_true (JSON_NODE_HOLDS_OBJECT (node));
      check_play_hand (json_node_get_object (node), i + 1, session);
    }

  match_node = parse_json (lines[n_hands]);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (match_node));
  g_assert_cmpuint (json_object_get_size (json_node_get_object (match_node)), ==, 1);
  match = object_member (json_node_get_object (match_node), "match");
  for (guint t = 0; t < 2; t++)
    {
      JsonObject *team = object_member (match, t == 0 ? "SN" : "WE");

      g_assert_cmpint (int_member (team, "lines"), ==, session->lines_left[t]);
      g_assert_cmpint (int_member (team, "dots"), ==, session->dots[t]);
    }
  g_assert_cmpint (int_member (match, "carry"), ==, session->carry);
}

static void
test_play_json (void)
{
  g_auto (CliRun) run = { 0 };
  Session session;

  cli_run (&run, NULL, "play", "--deals", "3", "--seed", "7", NULL);
  assert_success (&run, NULL);
  check_play_output (run.out, 3, 5, &session);
}

/* spec B1.2: the long game, six cards each. */
static void
test_play_lang (void)
{
  g_auto (CliRun) run = { 0 };
  Session session;

  cli_run (&run, NULL, "play", "--variant", "lang", "--deals", "4", "--seed", "3", NULL);
  assert_success (&run, NULL);
  check_play_output (run.out, 4, 6, &session);
}

/* spec B3.6, B5, B6 over a longer session: Retours, Bollen won, coasters drawn afresh. */
static void
test_play_session (void)
{
  g_auto (CliRun) run = { 0 };
  Session session;

  /* Every decided hand strikes a line: 60 hands end at least one Bollen of 21 lines. */
  cli_run (&run, NULL, "play", "--deals", "60", "--seed", "5", NULL);
  assert_success (&run, NULL);
  check_play_output (run.out, 60, 5, &session);
  g_test_message ("%u Bollen in 60 hands", session.bollen_won);
  g_assert_cmpuint (session.bollen_won, >, 0);
}

/* The same seed plays the same session; another seed another one. */
static void
test_play_deterministic (void)
{
  g_auto (CliRun) first = { 0 };
  g_auto (CliRun) second = { 0 };
  g_auto (CliRun) other = { 0 };

  cli_run (&first, NULL, "play", "--deals", "3", "--seed", "7", NULL);
  assert_success (&first, NULL);
  cli_run (&second, NULL, "play", "--deals", "3", "--seed", "7", NULL);
  assert_success (&second, first.out);
  cli_run (&other, NULL, "play", "--deals", "3", "--seed", "8", NULL);
  assert_success (&other, NULL);
  g_assert_cmpstr (other.out, !=, first.out);
}

static void
test_play_transcript (void)
{
  g_auto (CliRun) run = { 0 };

  cli_run (&run, NULL, "play", "--deals", "1", "--seed", "7", "--transcript", NULL);
  assert_success (&run, NULL);
  g_assert_nonnull (strstr (run.out, "Trick 1"));
  g_assert_nonnull (strstr (run.out, "Trick 5"));
  g_assert_null (strstr (run.out, "Trick 6"));
  g_assert_false (g_str_has_prefix (run.out, "{"));
}

/* A game record (notation.md) of a hand printed by `play`: no talk, implied passes. */
static void
append_record_of_hand (GString    *record,
                       JsonObject *hand)
{
  JsonObject *deal = object_member (hand, "deal");
  JsonArray *cards = array_member (hand, "cards");
  JsonArray *doublings = array_member (hand, "doublings");
  guint n_cards = json_array_get_length (cards);
  guint next = 0;

  g_string_append_printf (record, "dealer %s\n", string_member (hand, "dealer"));
  for (guint s = 0; s < G_N_ELEMENTS (seats); s++)
    g_string_append_printf (record, "hand %s %s\n", seats[s], string_member (deal, seats[s]));
  for (guint k = 0; k <= n_cards; k++)
    {
      while (next < json_array_get_length (doublings))
        {
          JsonObject *doubling = json_array_get_object_element (doublings, next);

          if (int_member (doubling, "cards_played") != k)
            break;
          g_string_append_printf (record, "double %s\n", string_member (doubling, "seat"));
          next++;
        }
      if (k < n_cards)
        g_string_append_printf (record, "play %s\n", json_array_get_string_element (cards, k));
    }
  g_assert_cmpuint (next, ==, json_array_get_length (doublings));
}

/* Issue 21: `replay` reads a save that starts from a checkpoint (a long session) and ends
 * at the same score as the whole session. */
static void
test_replay_checkpoint (void)
{
  g_auto (CliRun) play = { 0 };
  g_auto (CliRun) record = { 0 };
  g_auto (CliRun) replay = { 0 };
  g_auto (GStrv) play_lines = NULL;
  g_auto (GStrv) replay_lines = NULL;
  g_autoptr (BkGame) game = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *save = NULL;
  guint n_play, n_replay;

  cli_run (&play, NULL, "play", "--deals", "150", "--seed", "77", NULL);
  assert_success (&play, NULL);
  cli_run (&record, NULL, "play", "--deals", "150", "--seed", "77", "--record", NULL);
  assert_success (&record, NULL);
  game = bk_record_replay (record.out, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  save = bk_game_to_save_text (game);
  g_assert_nonnull (strstr (save, "\ncheckpoint hands "));

  cli_run (&replay, save, "replay", "-", NULL);
  assert_success (&replay, NULL);
  play_lines = split_lines (play.out);
  replay_lines = split_lines (replay.out);
  n_play = g_strv_length (play_lines);
  n_replay = g_strv_length (replay_lines);
  /* The hands kept, and the session's score at the end. */
  g_assert_cmpuint (n_replay, <, n_play);
  g_assert_cmpuint (n_replay, >, 64);
  {
    g_autoptr (JsonNode) played = parse_json (play_lines[n_play - 1]);
    g_autoptr (JsonNode) replayed = parse_json (replay_lines[n_replay - 1]);

    g_test_message ("played %s, replayed %s", play_lines[n_play - 1],
                    replay_lines[n_replay - 1]);
    g_assert_true (json_node_equal (played, replayed));
  }
}

/* What `play` prints is a valid game: replayed, it scores the same. */
static void
test_play_replays (void)
{
  g_auto (CliRun) play = { 0 };
  g_auto (CliRun) replay = { 0 };
  g_auto (GStrv) play_lines = NULL;
  g_auto (GStrv) replay_lines = NULL;
  g_autoptr (GString) record = g_string_new ("game bierkopf\nvariant kurz\n");
  const guint n_hands = 6;
  g_autofree char *deals = g_strdup_printf ("%u", n_hands);

  cli_run (&play, NULL, "play", "--deals", deals, "--seed", "1234", NULL);
  assert_success (&play, NULL);
  play_lines = split_lines (play.out);
  g_assert_cmpuint (g_strv_length (play_lines), ==, n_hands + 1);

  for (guint i = 0; i < n_hands; i++)
    {
      g_autoptr (JsonNode) node = parse_json (play_lines[i]);

      append_record_of_hand (record, json_node_get_object (node));
    }

  cli_run (&replay, record->str, "replay", "-", NULL);
  if (replay.status != 0)
    g_test_message ("record:\n%s", record->str);
  assert_success (&replay, NULL);
  replay_lines = split_lines (replay.out);
  g_assert_cmpuint (g_strv_length (replay_lines), ==, n_hands + 1);

  for (guint i = 0; i < n_hands; i++)
    {
      g_autoptr (JsonNode) played = parse_json (play_lines[i]);
      g_autoptr (JsonNode) replayed = parse_json (replay_lines[i]);
      JsonNode *played_result = json_object_get_member (json_node_get_object (played),
                                                        "result");

      if (!json_node_equal (played_result, replayed))
        g_test_message ("hand %u: played %s, replayed %s", i + 1, play_lines[i],
                        replay_lines[i]);
      g_assert_true (json_node_equal (played_result, replayed));
    }

  {
    g_autoptr (JsonNode) played = parse_json (play_lines[n_hands]);
    g_autoptr (JsonNode) replayed = parse_json (replay_lines[n_hands]);

    g_assert_true (json_node_equal (played, replayed));
  }
}


/* Issue 10 (12): `play --record` prints a game record that `replay` reads back to the same
 * hands and the same coasters, with every pass and silence: for several seeds, levels and
 * house rules. */
static void
test_play_record (void)
{
  static const char * const setups[][8] = {
    { "--seed", "1", NULL },
    { "--seed", "2", "--players", "S=heuristic,W=heuristic,N=heuristic,E=heuristic", NULL },
    { "--seed", "3", "--variant", "lang", "--rule", "retour=whole-hand", NULL },
    { "--seed", "4", "--players", "S=heuristic,N=heuristic", "--rule", "new-seats=on", NULL },
    { "--seed", "5", "--rule", "dealer-double=on", "--void", "frei", NULL },
    { "--seed", "6", "--players", "S=cheat,W=heuristic,N=cheat,E=heuristic", NULL },
    { "--seed", "7", "--scoring", "points", "--rule", "lines=5", NULL },
  };
  const char *deals = "12";

  for (guint i = 0; i < G_N_ELEMENTS (setups); i++)
    {
      g_autoptr (GPtrArray) args = g_ptr_array_new ();
      g_auto (CliRun) json = { 0 };
      g_auto (CliRun) record = { 0 };
      g_auto (CliRun) replay = { 0 };
      g_auto (GStrv) json_lines = NULL;
      g_auto (GStrv) replay_lines = NULL;
      guint n;

      g_ptr_array_add (args, (gpointer) "play");
      g_ptr_array_add (args, (gpointer) "--deals");
      g_ptr_array_add (args, (gpointer) deals);
      for (guint k = 0; setups[i][k]; k++)
        g_ptr_array_add (args, (gpointer) setups[i][k]);
      g_ptr_array_add (args, NULL);
      cli_runv (&json, NULL, (const char * const *) args->pdata);
      assert_success (&json, NULL);

      args->pdata[args->len - 1] = (gpointer) "--record";
      g_ptr_array_add (args, NULL);
      cli_runv (&record, NULL, (const char * const *) args->pdata);
      assert_success (&record, NULL);
      g_assert_true (g_str_has_prefix (record.out, "# Bierkopf game record\n"));

      /* The rules are in the record: replay needs no options. */
      cli_run (&replay, record.out, "replay", "-", NULL);
      assert_success (&replay, NULL);

      json_lines = split_lines (json.out);
      replay_lines = split_lines (replay.out);
      n = g_strv_length (json_lines);
      g_assert_cmpuint (n, ==, 13);
      g_assert_cmpuint (g_strv_length (replay_lines), ==, n);
      for (guint h = 0; h + 1 < n; h++)
        {
          g_autoptr (JsonNode) played = parse_json (json_lines[h]);
          g_autoptr (JsonNode) replayed = parse_json (replay_lines[h]);
          JsonNode *result = json_object_get_member (json_node_get_object (played), "result");

          g_assert_true (json_node_equal (result, replayed));
        }
      {
        g_autoptr (JsonNode) played = parse_json (json_lines[n - 1]);
        g_autoptr (JsonNode) replayed = parse_json (replay_lines[n - 1]);

        g_assert_true (json_node_equal (played, replayed));
      }
    }
}

/* ------------------------------------------------------------------------------------ */
/* replay */

/* A session of four hands; every card was checked with `bierkopf-cli legal`.
 *
 * Hand 1, dealt by South: Vorhand West and Hinterhand East against Mittelhand North and
 * the dealer South (spec B2.4), with the table talk of B3.1 and B3.2. North announces the
 * Spritze, East answers with a Retour after the second card of the first trick (B3.6):
 * x4. West wins the first four tricks (20 + 19 + 19 + 27 = 85), South the last (35):
 * West-East strike 4 lines.
 *
 * Hand 2, dealt by West (B2.2): the same cards one seat on. Hinterhand South doubles, so
 * North and East passed (notation.md); West's Retour after the second card and North's
 * raise after the third make x8. South-North take 85 and strike 8 lines.
 *
 * Hand 3, dealt by North: 60:60, nobody wins, the single value is carried (B5.3).
 *
 * Hand 4, dealt by East: the cards of hand 1 again, South-North win 85:35 undoubled and
 * strike 1 line plus the carried 1. */
static const char valid_record[] =
  "# a session by hand\n"
  "game bierkopf\n"
  "variant kurz\n"
  "void trumpfzwang\n"
  "scoring lines\n"
  "dealer S\n"
  "hand W EO GO HO SO GK\n"
  "hand N EU GU HU SU E10\n"
  "hand E HA H10 HK SA G10\n"
  "hand S EA EK GA S10 SK\n"
  "talk W gut\n"
  "talk E mittel\n"
  "pass W\n"
  "talk N helfen\n"
  "talk S nicht-helfen\n"
  "double N\n"
  "play W EO\n"
  "play N EU\n"
  "double E    # Retour\n"
  "play E HA\n"
  "play S EK\n"
  "play W GO\n"
  "play N GU\n"
  "play E H10\n"
  "play S SK\n"
  "play W HO\n"
  "play N HU\n"
  "play E HK\n"
  "play S S10\n"
  "play W SO\n"
  "play N SU\n"
  "play E SA\n"
  "play S EA\n"
  "play W GK\n"
  "play N E10\n"
  "play E G10\n"
  "play S GA\n"
  "\n"
  "dealer W\n"
  "hand N EO GO HO SO GK\n"
  "hand E EU GU HU SU E10\n"
  "hand S HA H10 HK SA G10\n"
  "hand W EA EK GA S10 SK\n"
  "double S\n"
  "play N EO\n"
  "play E EU\n"
  "double W\n"
  "play S HA\n"
  "double N\n"
  "play W EK\n"
  "play N GO\n"
  "play E GU\n"
  "play S H10\n"
  "play W SK\n"
  "play N HO\n"
  "play E HU\n"
  "play S HK\n"
  "play W S10\n"
  "play N SO\n"
  "play E SU\n"
  "play S SA\n"
  "play W EA\n"
  "play N GK\n"
  "play E E10\n"
  "play S G10\n"
  "play W GA\n"
  "\n"
  "dealer N\n"
  "hand E EK E10 GK HU SU\n"
  "hand S GA SK H10 EA S10\n"
  "hand W HA HK GO EU GU\n"
  "hand N EO SA G10 SO HO\n"
  "play E GK\n"
  "play S GA\n"
  "play W EU\n"
  "play N G10\n"
  "play W HK\n"
  "play N HO\n"
  "play E HU\n"
  "play S H10\n"
  "play N SO\n"
  "play E SU\n"
  "play S SK\n"
  "play W HA\n"
  "play N SA\n"
  "play E E10\n"
  "play S S10\n"
  "play W GU\n"
  "play W GO\n"
  "play N EO\n"
  "play E EK\n"
  "play S EA\n"
  "\n"
  "dealer E\n"
  "hand S EO GO HO SO GK\n"
  "hand W EU GU HU SU E10\n"
  "hand N HA H10 HK SA G10\n"
  "hand E EA EK GA S10 SK\n"
  "play S EO\n"
  "play W EU\n"
  "play N HA\n"
  "play E EK\n"
  "play S GO\n"
  "play W GU\n"
  "play N H10\n"
  "play E SK\n"
  "play S HO\n"
  "play W HU\n"
  "play N HK\n"
  "play E S10\n"
  "play S SO\n"
  "play W SU\n"
  "play N SA\n"
  "play E EA\n"
  "play S GK\n"
  "play W E10\n"
  "play N G10\n"
  "play E GA\n"
;

static void
assert_result (const char *line,
               gint64      points_sn,
               gint64      tricks_sn,
               const char *winner,
               gint64      multiplier,
               gint64      lines)
{
  g_autoptr (JsonNode) node = parse_json (line);
  JsonObject *result, *points, *tricks;

  g_test_message ("result %s", line);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (node));
  result = json_node_get_object (node);
  points = object_member (result, "points");
  tricks = object_member (result, "tricks");
  g_assert_cmpint (int_member (points, "SN"), ==, points_sn);
  g_assert_cmpint (int_member (points, "WE"), ==, 120 - points_sn);
  g_assert_cmpint (int_member (tricks, "SN"), ==, tricks_sn);
  g_assert_cmpint (int_member (tricks, "WE"), ==, 5 - tricks_sn);
  if (winner)
    g_assert_cmpstr (string_member (result, "winner"), ==, winner);
  else
    g_assert_true (JSON_NODE_HOLDS_NULL (json_object_get_member (result, "winner")));
  g_assert_false (bool_member (result, "schneider"));
  g_assert_false (bool_member (result, "schwarz"));
  g_assert_cmpint (int_member (result, "multiplier"), ==, multiplier);
  g_assert_cmpint (int_member (result, "lines"), ==, lines);
}

/* notation.md `replay`, spec B2.2, B3, B4, B5.2, B5.3, B6.1 */
static void
test_replay_valid (void)
{
  g_auto (CliRun) run = { 0 };
  g_auto (GStrv) lines = NULL;
  g_autoptr (JsonNode) match_node = NULL;
  JsonObject *match, *team;

  cli_run (&run, valid_record, "replay", "-", NULL);
  assert_success (&run, NULL);
  lines = split_lines (run.out);
  g_assert_cmpuint (g_strv_length (lines), ==, 5);

  assert_result (lines[0], 35, 1, "WE", 4, 4);
  assert_result (lines[1], 85, 4, "SN", 8, 8);
  assert_result (lines[2], 60, 3, NULL, 1, 0);
  assert_result (lines[3], 85, 4, "SN", 1, 2);

  match_node = parse_json (lines[4]);
  match = object_member (json_node_get_object (match_node), "match");
  team = object_member (match, "SN");
  g_assert_cmpint (int_member (team, "lines"), ==, 21 - 8 - 2);
  g_assert_cmpint (int_member (team, "dots"), ==, 0);
  team = object_member (match, "WE");
  g_assert_cmpint (int_member (team, "lines"), ==, 21 - 4);
  g_assert_cmpint (int_member (team, "dots"), ==, 0);
  g_assert_cmpint (int_member (match, "carry"), ==, 0);

  /* The exact form of notation.md. */
  g_assert_cmpstr (lines[4], ==,
                   "{\"match\":{\"SN\":{\"lines\":11,\"dots\":0},"
                   "\"WE\":{\"lines\":17,\"dots\":0},\"carry\":0}}");
  cli_run_clear (&run);

  /* Stopped after the tie: the carry waits in the session state (B5.3). */
  {
    g_autofree char *three_hands = g_strndup (valid_record,
                                              strstr (valid_record, "dealer E") -
                                              valid_record);

    cli_run (&run, three_hands, "replay", "-", NULL);
    assert_success (&run, NULL);
    g_strfreev (lines);
    lines = split_lines (run.out);
    g_assert_cmpuint (g_strv_length (lines), ==, 4);
    g_assert_cmpstr (lines[3], ==,
                     "{\"match\":{\"SN\":{\"lines\":13,\"dots\":0},"
                     "\"WE\":{\"lines\":17,\"dots\":0},\"carry\":1}}");
  }
}


/* Issue 10 (6, 9): an empty, blank, NUL-bearing or zero-filled record is invalid: exit 1. */
static void
test_replay_empty (void)
{
  g_autofree char *dir = g_dir_make_tmp ("bierkopf-test-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "record.txt", NULL);
  static const char * const texts[] = { "", "\n\n", "  \t \n", "# nothing\n" };
  g_autoptr (GError) error = NULL;
  g_autofree char *zeros = g_malloc0 (1000);

  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      g_auto (CliRun) piped = { 0 };
      g_auto (CliRun) file = { 0 };

      cli_run (&piped, texts[i], "replay", "-", NULL);
      assert_failure (&piped, 1);
      g_assert_true (g_file_set_contents (path, texts[i], -1, &error));
      cli_run (&file, NULL, "replay", path, NULL);
      assert_failure (&file, 1);
    }

  {
    g_auto (CliRun) run = { 0 };

    g_assert_true (g_file_set_contents (path, zeros, 1000, &error));
    cli_run (&run, NULL, "replay", path, NULL);
    assert_failure (&run, 1);
  }
  {
    g_auto (CliRun) run = { 0 };

    g_assert_true (g_file_set_contents (path, "game bierkopf\0garbage\n", 22, &error));
    cli_run (&run, NULL, "replay", path, NULL);
    assert_failure (&run, 1);
  }
  {
    g_auto (CliRun) run = { 0 };

    cli_run (&run, NULL, "replay", "/nonexistent/record.txt", NULL);
    assert_failure (&run, 2);
  }

  g_remove (path);
  g_rmdir (dir);
}

/* Issue 10 (4): a record over 16 MiB is refused at once, from a file or standard input;
 * 15 MiB of newlines is read quickly (and is empty). */
static void
test_replay_too_large (void)
{
  g_autofree char *dir = g_dir_make_tmp ("bierkopf-test-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "record.txt", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (GTimer) timer = g_timer_new ();
  gsize big = 17 * 1024 * 1024, below = 15 * 1024 * 1024;
  g_autofree char *newlines = g_malloc (big + 1);

  memset (newlines, '\n', big);
  newlines[big] = '\0';

  /* 100 MB of nothing, sparse on disk. */
  {
    g_auto (CliRun) run = { 0 };
    int fd = g_open (path, O_WRONLY | O_CREAT | O_TRUNC, 0600);

    g_assert_cmpint (fd, >=, 0);
    g_assert_cmpint (ftruncate (fd, 100 * 1000 * 1000), ==, 0);
    g_assert_true (g_close (fd, NULL));
    g_timer_start (timer);
    cli_run (&run, NULL, "replay", path, NULL);
    g_test_message ("100 MB refused in %.3f s", g_timer_elapsed (timer, NULL));
    assert_failure (&run, 1);
    g_assert_nonnull (strstr (run.err, "16 MiB"));
    g_assert_cmpfloat (g_timer_elapsed (timer, NULL), <, 1.0);
  }
  /* Standard input is a pipe that is never measured in advance. bierkopf-cli stops
   * reading at the cap, so it reads from a file here, not from a pipe we would write. */
  {
    g_autoptr (GSubprocessLauncher) launcher = NULL;
    g_autoptr (GSubprocess) process = NULL;
    g_autofree char *err = NULL;

    g_assert_true (g_file_set_contents (path, newlines, -1, &error));
    launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_SILENCE |
                                          G_SUBPROCESS_FLAGS_STDERR_PIPE);
    g_subprocess_launcher_set_stdin_file_path (launcher, path);
    process = g_subprocess_launcher_spawn (launcher, &error, cli_path, "replay", "-", NULL);
    g_assert_no_error (error);
    g_subprocess_communicate_utf8 (process, NULL, NULL, NULL, &err, &error);
    g_assert_no_error (error);
    g_assert_cmpint (g_subprocess_get_exit_status (process), ==, 1);
    g_assert_nonnull (strstr (err, "16 MiB"));
  }
  /* And from a real pipe, which it stops reading: our write then fails, as it should. */
  {
    g_autoptr (GSubprocess) process = NULL;
    g_autoptr (GError) write_error = NULL;
    g_autofree char *err = NULL;
    GOutputStream *in;
    void (*old_handler) (int) = signal (SIGPIPE, SIG_IGN);

    process = g_subprocess_new (G_SUBPROCESS_FLAGS_STDIN_PIPE |
                                G_SUBPROCESS_FLAGS_STDOUT_SILENCE |
                                G_SUBPROCESS_FLAGS_STDERR_PIPE, &error,
                                cli_path, "replay", "-", NULL);
    g_assert_no_error (error);
    in = g_subprocess_get_stdin_pipe (process);
    if (!g_output_stream_write_all (in, newlines, big, NULL, NULL, &write_error))
      g_assert_error (write_error, G_IO_ERROR, G_IO_ERROR_BROKEN_PIPE);
    g_output_stream_close (in, NULL, NULL);
    err = g_malloc0 (4096);
    g_input_stream_read_all (g_subprocess_get_stderr_pipe (process), err, 4095, NULL, NULL,
                             &error);
    g_assert_no_error (error);
    g_subprocess_wait (process, NULL, &error);
    g_assert_no_error (error);
    g_assert_cmpint (g_subprocess_get_exit_status (process), ==, 1);
    g_assert_nonnull (strstr (err, "16 MiB"));
    signal (SIGPIPE, old_handler);
  }
  {
    g_auto (CliRun) run = { 0 };

    newlines[below] = '\0';
    g_assert_true (g_file_set_contents (path, newlines, -1, &error));
    g_timer_start (timer);
    cli_run (&run, NULL, "replay", path, NULL);
    g_test_message ("15 MiB of newlines replayed in %.3f s", g_timer_elapsed (timer, NULL));
    assert_failure (&run, 1);
    g_assert_cmpfloat (g_timer_elapsed (timer, NULL), <, 10.0);
  }

  g_remove (path);
  g_rmdir (dir);
}

/* notation.md: a record against the rules exits 1 and names the line. */
static void
test_replay_invalid (void)
{
  /* Line 12: West leads the GO; East holds H10 and HK and must follow with a trump
   * (spec B4.2), not with the SA. */
  static const char illegal_card[] =
    "dealer S\n"                    /* 1 */
    "hand W EO GO HO SO GK\n"
    "hand N EU GU HU SU E10\n"
    "hand E HA H10 HK SA G10\n"
    "hand S EA EK GA S10 SK\n"      /* 5 */
    "play W EO\n"
    "play N EU\n"
    "play E HA\n"
    "play S EK\n"
    "play W GO\n"                   /* 10 */
    "play N GU\n"
    "play E SA\n"                   /* 12 */
    "play S SK\n";
  /* Line 11: West won the first trick and leads the second (spec B4.1), not North. */
  static const char out_of_turn[] =
    "game bierkopf\n"               /* 1 */
    "dealer S\n"
    "hand W EO GO HO SO GK\n"
    "hand N EU GU HU SU E10\n"
    "hand E HA H10 HK SA G10\n"     /* 5 */
    "hand S EA EK GA S10 SK\n"
    "play W EO\n"
    "play N EU\n"
    "play E HA\n"
    "play S EK\n"                   /* 10 */
    "play N GU\n";                  /* 11 */
  /* Line 6: the EA is South's, not West's. */
  static const char not_held[] =
    "dealer S\n"
    "hand W EO GO HO SO GK\n"
    "hand N EU GU HU SU E10\n"
    "hand E HA H10 HK SA G10\n"
    "hand S EA EK GA S10 SK\n"
    "play W EA\n";                  /* 6 */
  /* Line 9: a Retour before the second card of the first trick (spec B3.6). */
  static const char early_retour[] =
    "dealer S\n"
    "hand W EO GO HO SO GK\n"
    "hand N EU GU HU SU E10\n"
    "hand E HA H10 HK SA G10\n"
    "hand S EA EK GA S10 SK\n"      /* 5 */
    "double W\n"
    "play W EO\n"
    "# a comment line counts too\n"
    "double N\n";                   /* 9 */
  /* Line 9: the Retour must come from the team that did not make the Spritze (B3.6). */
  static const char same_team_retour[] =
    "dealer S\n"
    "hand W EO GO HO SO GK\n"
    "hand N EU GU HU SU E10\n"
    "hand E HA H10 HK SA G10\n"
    "hand S EA EK GA S10 SK\n"      /* 5 */
    "double W\n"
    "play W EO\n"
    "play N EU\n"
    "double E\n";                   /* 9 */
  /* Line 6: Vorhand (West) talks first (B3.1). */
  static const char talk_out_of_turn[] =
    "dealer S\n"
    "hand W EO GO HO SO GK\n"
    "hand N EU GU HU SU E10\n"
    "hand E HA H10 HK SA G10\n"
    "hand S EA EK GA S10 SK\n"      /* 5 */
    "talk E gut\n";                 /* 6 */
  /* Line 7: Vorhand's team says gut, mittel or schlecht only (B3.1). */
  static const char wrong_word[] =
    "dealer S\n"
    "hand W EO GO HO SO GK\n"
    "hand N EU GU HU SU E10\n"
    "hand E HA H10 HK SA G10\n"
    "hand S EA EK GA S10 SK\n"      /* 5 */
    "talk W gut\n"
    "talk E helfen\n";              /* 7 */
  g_auto (CliRun) run = { 0 };

  cli_run (&run, same_team_retour, "replay", "-", NULL);
  assert_failure (&run, 1);
  g_assert_nonnull (strstr (run.err, "Line 9"));
  cli_run_clear (&run);

  cli_run (&run, talk_out_of_turn, "replay", "-", NULL);
  assert_failure (&run, 1);
  g_assert_nonnull (strstr (run.err, "Line 6"));
  cli_run_clear (&run);

  cli_run (&run, wrong_word, "replay", "-", NULL);
  assert_failure (&run, 1);
  g_assert_nonnull (strstr (run.err, "Line 7"));
  cli_run_clear (&run);

  cli_run (&run, illegal_card, "replay", "-", NULL);
  assert_failure (&run, 1);
  g_assert_nonnull (strstr (run.err, "Line 12"));
  g_assert_nonnull (strstr (run.err, "SA"));
  cli_run_clear (&run);

  cli_run (&run, out_of_turn, "replay", "-", NULL);
  assert_failure (&run, 1);
  g_assert_nonnull (strstr (run.err, "Line 11"));
  cli_run_clear (&run);

  cli_run (&run, not_held, "replay", "-", NULL);
  assert_failure (&run, 1);
  g_assert_nonnull (strstr (run.err, "Line 6"));
  cli_run_clear (&run);

  cli_run (&run, early_retour, "replay", "-", NULL);
  assert_failure (&run, 1);
  g_assert_nonnull (strstr (run.err, "Line 9"));
  cli_run_clear (&run);

  /* A file that does not exist is a bad argument. */
  cli_run (&run, NULL, "replay", "/nonexistent/bierkopf-record.txt", NULL);
  assert_failure (&run, 2);
}

/* ------------------------------------------------------------------------------------ */
/* bench */

static void
assert_positive_number (JsonObject *object,
                        const char *name)
{
  JsonNode *node = json_object_get_member (object, name);
  GType type;

  if (node == NULL)
    g_test_message ("no member “%s”", name);
  g_assert_nonnull (node);
  g_assert_true (JSON_NODE_HOLDS_VALUE (node));
  type = json_node_get_value_type (node);
  g_assert_true (type == G_TYPE_INT64 || type == G_TYPE_DOUBLE);
  g_test_message ("%s = %g", name, json_node_get_double (node));
  g_assert_cmpfloat (json_node_get_double (node), >, 0);
}

/* notation.md `bench`: figures only, never a speed threshold. */
static void
test_bench (void)
{
  g_auto (CliRun) run = { 0 };
  g_auto (GStrv) lines = NULL;
  g_autoptr (JsonNode) node = NULL;

  cli_run (&run, NULL, "bench", "--quick", NULL);
  assert_success (&run, NULL);
  lines = split_lines (run.out);
  g_assert_cmpuint (g_strv_length (lines), ==, 1);
  node = parse_json (lines[0]);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (node));
  assert_positive_number (json_node_get_object (node), "random_hands_per_second");
  assert_positive_number (json_node_get_object (node), "legal_moves_per_second");
}

/* ------------------------------------------------------------------------------------ */
/* Herzla: legal, trick, bench (notation.md, "Herzla") */

/* H4.2: no heart led to tricks 1 and 2 while the leader holds anything else; trick 3 is
 * open. The output is in Herzla's natural order, suit by suit. */
static void
test_herzla_heart_lead (void)
{
  g_auto (CliRun) run = { 0 };

  cli_run (&run, NULL, "legal", "--game", "herzla", "--hand", "HA HK E7 GO EA", NULL);
  assert_success (&run, "EA E7 GO\n");
  cli_run_clear (&run);

  cli_run (&run, NULL, "legal", "--game", "herzla", "--hand", "HA HK E7 GO EA",
           "--trick-number", "1", NULL);
  assert_success (&run, "EA E7 GO\n");
  cli_run_clear (&run);

  cli_run (&run, NULL, "legal", "--game", "herzla", "--hand", "HA HK E7 GO EA",
           "--trick-number", "2", NULL);
  assert_success (&run, "EA E7 GO\n");
  cli_run_clear (&run);

  cli_run (&run, NULL, "legal", "--game", "herzla", "--hand", "HA HK E7 GO EA",
           "--trick-number", "3", NULL);
  assert_success (&run, "EA E7 GO HA HK\n");
  cli_run_clear (&run);

  /* Only hearts in hand: a heart may be led even to the first trick. */
  cli_run (&run, NULL, "legal", "--game", "herzla", "--hand", "H7 HA HU",
           "--trick-number", "1", NULL);
  assert_success (&run, "HA HU H7\n");
  cli_run_clear (&run);

  /* The closed lead binds only the leader: a heart may be discarded when void. */
  cli_run (&run, NULL, "legal", "--game", "herzla", "--hand", "HA GO", "--trick", "S7",
           "--trick-number", "1", NULL);
  assert_success (&run, "GO HA\n");
  cli_run_clear (&run);

  /* Out of range trick numbers are usage errors. */
  cli_run (&run, NULL, "legal", "--game", "herzla", "--hand", "HA GO", "--trick-number", "0",
           NULL);
  assert_failure (&run, 2);
  cli_run_clear (&run);

  cli_run (&run, NULL, "legal", "--game", "herzla", "--hand", "HA GO", "--trick-number", "9",
           NULL);
  assert_failure (&run, 2);
}

/* H4.2 and its house rule heart-lead=normal-only: Beddl and Mord open the hearts at once. */
static void
test_herzla_heart_lead_contract (void)
{
  g_auto (CliRun) run = { 0 };

  /* Our choice: closed in every game. */
  cli_run (&run, NULL, "legal", "--game", "herzla", "--hand", "HA EA", "--contract", "mord",
           NULL);
  assert_success (&run, "EA\n");
  cli_run_clear (&run);

  cli_run (&run, NULL, "legal", "--game", "herzla", "--hand", "HA EA", "--contract", "beddl",
           "--rule", "heart-lead=every-game", NULL);
  assert_success (&run, "EA\n");
  cli_run_clear (&run);

  cli_run (&run, NULL, "legal", "--game", "herzla", "--hand", "HA EA", "--contract", "beddl",
           "--rule", "heart-lead=normal-only", NULL);
  assert_success (&run, "EA HA\n");
  cli_run_clear (&run);

  cli_run (&run, NULL, "legal", "--game", "herzla", "--hand", "HA EA", "--contract", "mord",
           "--rule", "heart-lead=normal-only", NULL);
  assert_success (&run, "EA HA\n");
  cli_run_clear (&run);

  /* The house rule leaves the normal game closed. */
  cli_run (&run, NULL, "legal", "--game", "herzla", "--hand", "HA EA", "--contract", "normal",
           "--rule", "heart-lead=normal-only", NULL);
  assert_success (&run, "EA\n");
  cli_run_clear (&run);

  cli_run (&run, NULL, "legal", "--game", "herzla", "--hand", "HA EA", "--contract", "solo",
           NULL);
  assert_failure (&run, 2);
  cli_run_clear (&run);

  /* Bierkopf's house rules and Herzla's options do not mix. */
  cli_run (&run, NULL, "legal", "--game", "herzla", "--hand", "HA EA",
           "--rule", "retour=whole-hand", NULL);
  assert_failure (&run, 2);
  cli_run_clear (&run);

  cli_run (&run, NULL, "legal", "--hand", "HA EA", "--contract", "mord", NULL);
  assert_failure (&run, 2);
}

/* H4.1: follow the led suit if you can, else any card; no trumps, no duty to win. */
static void
test_herzla_follow_suit (void)
{
  g_auto (CliRun) run = { 0 };

  cli_run (&run, NULL, "legal", "--game", "herzla", "--hand", "EA E7 GO HK SU", "--trick", "E10",
           NULL);
  assert_success (&run, "EA E7\n");
  cli_run_clear (&run);

  /* An Ober or Unter is a card of its suit, not a trump. */
  cli_run (&run, NULL, "legal", "--game", "herzla", "--hand", "EA GO HU", "--trick", "G7 H10",
           NULL);
  assert_success (&run, "GO\n");
  cli_run_clear (&run);

  /* Void in the led suit: anything, hearts too. */
  cli_run (&run, NULL, "legal", "--game", "herzla", "--hand", "EA GO HU", "--trick", "S7",
           "--trick-number", "2", NULL);
  assert_success (&run, "EA GO HU\n");
}

/* H1.1, H6.1: the four-player game has 32 cards, the simple form adds the Sechsen. */
static void
test_herzla_variant (void)
{
  g_auto (CliRun) run = { 0 };

  cli_run (&run, NULL, "legal", "--game", "herzla", "--hand", "E6 EA", NULL);
  assert_failure (&run, 1);
  cli_run_clear (&run);

  cli_run (&run, NULL, "legal", "--game", "herzla", "--variant", "vier", "--hand", "EA",
           "--trick", "S6", NULL);
  assert_failure (&run, 1);
  cli_run_clear (&run);

  cli_run (&run, NULL, "legal", "--game", "herzla", "--variant", "einfach", "--hand", "E6 EA S6",
           "--trick", "E10", NULL);
  assert_success (&run, "EA E6\n");
  cli_run_clear (&run);

  /* Three players hold twelve cards each. */
  cli_run (&run, NULL, "legal", "--game", "herzla", "--variant", "einfach",
           "--hand", "EA EK EO EU E10 E9 E8 E7 E6 GA GK GO", NULL);
  assert_success (&run, "EA EK EO EU E10 E9 E8 E7 E6 GA GK GO\n");
  cli_run_clear (&run);

  cli_run (&run, NULL, "legal", "--game", "herzla", "--variant", "kurz", "--hand", "EA", NULL);
  assert_failure (&run, 2);
  cli_run_clear (&run);

  /* The simple form has no contracts (H6.2). */
  cli_run (&run, NULL, "legal", "--game", "herzla", "--variant", "einfach", "--hand", "EA",
           "--contract", "beddl", NULL);
  assert_failure (&run, 2);
}

/* H4.1: the highest card of the led suit wins; H1.3: the trick's points are its hearts. */
static void
test_herzla_trick (void)
{
  g_auto (CliRun) run = { 0 };

  cli_run (&run, NULL, "trick", "--game", "herzla", "--cards", "E7 HA EA E10", NULL);
  assert_success (&run, "{\"winner\":2,\"points\":1}\n");
  cli_run_clear (&run);

  /* No trumps: an Ober of another suit loses to the led Sieben. */
  cli_run (&run, NULL, "trick", "--game", "herzla", "--cards", "S7 EO GU HO", NULL);
  assert_success (&run, "{\"winner\":0,\"points\":1}\n");
  cli_run_clear (&run);

  cli_run (&run, NULL, "trick", "--game", "herzla", "--cards", "H7 HA H10 HK", NULL);
  assert_success (&run, "{\"winner\":1,\"points\":4}\n");
  cli_run_clear (&run);

  cli_run (&run, NULL, "trick", "--game", "herzla", "--cards", "G10 GK GA GU", NULL);
  assert_success (&run, "{\"winner\":2,\"points\":0}\n");
  cli_run_clear (&run);

  /* The simple form: up to eight cards, the Sechsen in the pack. */
  cli_run (&run, NULL, "trick", "--game", "herzla", "--variant", "einfach",
           "--cards", "S6 S7 H6 E6 SA HA S8 G6", NULL);
  assert_success (&run, "{\"winner\":4,\"points\":2}\n");
  cli_run_clear (&run);

  cli_run (&run, NULL, "trick", "--game", "herzla", "--cards", "S6 S7", NULL);
  assert_failure (&run, 1);
  cli_run_clear (&run);

  cli_run (&run, NULL, "trick", "--game", "herzla", "--cards", "S7 S8 S9 SA SK", NULL);
  assert_failure (&run, 2);
  cli_run_clear (&run);

  cli_run (&run, NULL, "trick", "--game", "herzla", "--cards", "S7 S7", NULL);
  assert_failure (&run, 2);
}

/* The commands that have no Herzla form (yet) say so. */
static void
test_herzla_not_playable (void)
{
  g_auto (CliRun) run = { 0 };

  cli_run (&run, NULL, "solve", "--game", "herzla", NULL);
  assert_failure (&run, 2);
  g_assert_nonnull (strstr (run.err, "Herzla"));
}

/* The sum of a JSON object's integer members. */
static gint64
sum_members (JsonObject *object)
{
  g_autoptr (GList) members = json_object_get_members (object);
  gint64 sum = 0;

  for (GList *l = members; l; l = l->next)
    sum += json_object_get_int_member (object, l->data);
  return sum;
}

/* notation.md "Herzla", H5.6: `play --game herzla` prints a hand object per hand (the
 * deal, the bids, the cards, the result) and the session line, whose balances and stock
 * sum to zero; `play --record` reads back with `replay` to the same results. */
static void
test_herzla_play_replay (void)
{
  g_auto (CliRun) play = { 0 };
  g_auto (CliRun) record = { 0 };
  g_auto (CliRun) replay = { 0 };
  g_auto (GStrv) hands = NULL;
  g_auto (GStrv) results = NULL;
  guint n;

  cli_run (&play, NULL, "play", "--game", "herzla", "--deals", "6", "--seed", "21", NULL);
  assert_success (&play, NULL);
  hands = split_lines (play.out);
  n = g_strv_length (hands);
  g_assert_cmpuint (n, ==, 7);

  cli_run (&record, NULL, "play", "--game", "herzla", "--deals", "6", "--seed", "21",
           "--record", NULL);
  assert_success (&record, NULL);
  g_assert_nonnull (strstr (record.out, "game herzla\n"));
  cli_run (&replay, record.out, "replay", "-", NULL);
  assert_success (&replay, NULL);
  results = split_lines (replay.out);
  g_assert_cmpuint (g_strv_length (results), ==, n);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr (JsonNode) hand = parse_json (hands[i]);
      g_autoptr (JsonNode) result = parse_json (results[i]);
      JsonObject *object = json_node_get_object (hand);

      if (i == n - 1)
        {
          /* The session line, the same from both. */
          g_assert_cmpstr (hands[i], ==, results[i]);
          g_assert_cmpint (sum_members (json_object_get_object_member (object, "balances")) +
                           json_object_get_int_member (object, "stock"), ==, 0);
          continue;
        }
      g_assert_true (json_object_has_member (object, "deal"));
      g_assert_true (json_object_has_member (object, "bids"));
      g_assert_true (json_object_has_member (object, "cards"));
      g_assert_true (json_node_equal (json_object_get_member (object, "result"), result));
    }
}

/* A four-player hand of Herzla in which N takes all eight hearts without every trick
 * (H5.2: 80 cents into the stock), under the house rule that shares the stock out at the
 * session's end (H5.4). */
static const char *herzla_stock_record =
  "format 2\nseed 12\ngame herzla\nvariant vier\nplayers 4\nrule stock session-end\n"
  "dealer E\n"
  "hand S H7 H8 EA EK EO EU E10 E9\nhand W HO H9 GA GK GO GU G10 G9\n"
  "hand N HA HK E8 E7 G8 G7 S8 S7\nhand E HU H10 SA SK SO SU S10 S9\n"
  "bid S weiter\nbid W weiter\nbid N weiter\nbid E weiter\n"
  "play S EA\nplay W G9\nplay N E7\nplay E S9\n"
  "play S EK\nplay W G10\nplay N E8\nplay E S10\n"
  "play S H7\nplay W H9\nplay N HA\nplay E H10\n"
  "play N HK\nplay E HU\nplay S H8\nplay W HO\n"
  "play N G8\nplay E SU\nplay S EO\nplay W GA\n"
  "play W GK\nplay N G7\nplay E SO\nplay S EU\n"
  "play W GO\nplay N S7\nplay E SK\nplay S E10\n"
  "play W GU\nplay N S8\nplay E SA\nplay S E9\n";

/* H5.4, H5.6, notation.md: `replay --settle` prints the session line once the players
 * settle up: the stock shared out evenly, the balances adding up to zero; refused in the
 * middle of a hand and for Bierkopf. */
static void
test_herzla_replay_settle (void)
{
  g_auto (CliRun) replay = { 0 };
  g_auto (CliRun) settled = { 0 };
  g_auto (CliRun) early = { 0 };
  g_auto (CliRun) bierkopf = { 0 };
  g_auto (GStrv) lines = NULL;
  g_autofree char *unfinished = NULL;

  cli_run (&replay, herzla_stock_record, "replay", "-", NULL);
  assert_success (&replay, NULL);
  lines = split_lines (replay.out);
  g_assert_cmpuint (g_strv_length (lines), ==, 2);
  g_assert_cmpstr (lines[1], ==, "{\"balances\":{\"S\":0,\"W\":0,\"N\":-80,\"E\":0},"
                                 "\"stock\":80}");

  cli_run (&settled, herzla_stock_record, "replay", "--settle", "-", NULL);
  assert_success (&settled, NULL);
  g_strfreev (lines);
  lines = split_lines (settled.out);
  g_assert_cmpuint (g_strv_length (lines), ==, 2);
  g_assert_cmpstr (lines[1], ==, "{\"balances\":{\"S\":20,\"W\":20,\"N\":-60,\"E\":20},"
                                 "\"stock\":0}");

  /* The next hand dealt and begun: first it is played out. */
  unfinished = g_strconcat (herzla_stock_record, "dealer S\n"
                            "hand W H7 H8 EA EK EO EU E10 E9\nhand N HO H9 GA GK GO GU G10 G9\n"
                            "hand E HA HK E8 E7 G8 G7 S8 S7\nhand S HU H10 SA SK SO SU S10 S9\n"
                            "bid W weiter\n", NULL);
  cli_run (&early, unfinished, "replay", "--settle", "-", NULL);
  g_assert_cmpint (early.status, ==, 1);
  g_assert_nonnull (strstr (early.err, "once this hand is over"));

  cli_run (&bierkopf, "seed 4\ndealer S\nhand W EO GO HO SO EU\nhand N G10 GK SA S10 SK\n"
                      "hand E GU HU SU HA H10\nhand S HK EA E10 EK GA\n",
           "replay", "--settle", "-", NULL);
  g_assert_cmpint (bierkopf.status, ==, 2);
}

/* H6.1, notation.md: the simple form for 8 players: seats 1..8, four cards each and
 * four aside; a penalty per heart, the totals the sum of the hands' penalties. */
static void
test_herzla_play_einfach (void)
{
  g_auto (CliRun) run = { 0 };
  g_auto (GStrv) lines = NULL;
  gint64 totals = 0;
  guint n;

  cli_run (&run, NULL, "play", "--game", "herzla", "--variant", "einfach", "--players", "8",
           "--deals", "3", "--seed", "4", NULL);
  assert_success (&run, NULL);
  lines = split_lines (run.out);
  n = g_strv_length (lines);
  g_assert_cmpuint (n, ==, 4);
  for (guint i = 0; i + 1 < n; i++)
    {
      g_autoptr (JsonNode) node = parse_json (lines[i]);
      JsonObject *hand = json_node_get_object (node);
      JsonObject *deal = json_object_get_object_member (hand, "deal");
      JsonObject *result = json_object_get_object_member (hand, "result");
      g_auto (GStrv) aside = g_strsplit (json_object_get_string_member (hand, "aside"), " ", -1);
      guint hearts_aside = 0;

      g_assert_cmpuint (json_object_get_size (deal), ==, 8);
      g_assert_true (json_object_has_member (deal, "8"));
      g_assert_cmpuint (g_strv_length (aside), ==, 4);
      /* H6.2: each of the nine hearts is a penalty point of the one who took it, or lies
       * aside. */
      for (guint k = 0; aside[k]; k++)
        hearts_aside += aside[k][0] == 'H';
      g_assert_cmpint (sum_members (json_object_get_object_member (result, "penalty")) +
                       hearts_aside, ==, 9);
      totals += sum_members (json_object_get_object_member (result, "penalty"));
    }
  {
    g_autoptr (JsonNode) node = parse_json (lines[n - 1]);

    g_assert_cmpint (sum_members (json_object_get_object_member (json_node_get_object (node),
                                                                 "totals")), ==, totals);
  }
}

/* notation.md: a Herzla record that breaks the rules is refused with its line number:
 * the first card played is one the seat does not hold (it is another seat's). */
static void
test_herzla_replay_bad (void)
{
  g_auto (CliRun) record = { 0 };
  g_auto (CliRun) replay = { 0 };
  g_autoptr (GString) bad = g_string_new (NULL);
  g_auto (GStrv) lines = NULL;
  g_autofree char *where = NULL;
  guint line = 0;

  cli_run (&record, NULL, "play", "--game", "herzla", "--deals", "1", "--seed", "8",
           "--record", NULL);
  assert_success (&record, NULL);
  lines = g_strsplit (record.out, "\n", -1);
  for (guint i = 0; lines[i] && lines[i][0]; i++)
    {
      if (line == 0 && g_str_has_prefix (lines[i], "play "))
        {
          g_auto (GStrv) words = g_strsplit (lines[i], " ", 3);
          const char *other = NULL;

          /* The first card of a hand line of another seat. */
          for (guint k = 0; lines[k] && other == NULL; k++)
            if (g_str_has_prefix (lines[k], "hand ") &&
                !g_str_has_prefix (lines[k] + 5, words[1]))
              other = strchr (lines[k] + 5, ' ') + 1;
          g_assert_nonnull (other);
          line = i + 1;
          g_string_append_printf (bad, "play %s %.*s\n", words[1],
                                  (int) strcspn (other, " "), other);
          continue;
        }
      g_string_append_printf (bad, "%s\n", lines[i]);
    }
  g_assert_cmpuint (line, >, 0);
  cli_run (&replay, bad->str, "replay", "-", NULL);
  assert_failure (&replay, 1);
  where = g_strdup_printf ("Line %u", line);
  g_assert_nonnull (strstr (replay.err, where));
}

/* notation.md `match --game herzla`: a duplicate match prints cents (four players) or
 * penalty points (the simple form, H6.2). */
static void
test_herzla_match (void)
{
  g_auto (CliRun) vier = { 0 };
  g_auto (CliRun) einfach = { 0 };

  cli_run (&vier, NULL, "match", "--game", "herzla", "--a", "heuristic", "--b", "random",
           "--deals", "2", "--seed", "5", NULL);
  g_assert_cmpint (vier.status, ==, 0);
  g_assert_nonnull (strstr (vier.out, "\"cents\":{\"mean\""));
  g_assert_nonnull (strstr (vier.out, "\"a_contracts\""));
  cli_run (&einfach, NULL, "match", "--game", "herzla", "--variant", "einfach", "--rule",
           "players=5", "--a", "heuristic", "--b", "random", "--deals", "2", NULL);
  g_assert_cmpint (einfach.status, ==, 0);
  g_assert_nonnull (strstr (einfach.out, "\"penalty\":{\"mean\""));
}

/* notation.md `bench --game herzla`: random hands per second of both forms, figures only. */
static void
test_herzla_bench (void)
{
  g_auto (CliRun) run = { 0 };
  g_auto (GStrv) lines = NULL;
  g_autoptr (JsonNode) node = NULL;
  JsonObject *object;
  JsonArray *einfach;

  cli_run (&run, NULL, "bench", "--game", "herzla", "--quick", NULL);
  assert_success (&run, NULL);
  lines = split_lines (run.out);
  g_assert_cmpuint (g_strv_length (lines), ==, 1);
  node = parse_json (lines[0]);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (node));
  object = json_node_get_object (node);
  g_assert_cmpstr (string_member (object, "game"), ==, "herzla");
  g_assert_cmpint (int_member (object_member (object, "vier"), "players"), ==, 4);
  assert_positive_number (object_member (object, "vier"), "random_hands_per_second");
  einfach = array_member (object, "einfach");
  g_assert_cmpuint (json_array_get_length (einfach), ==, 2);
  for (guint i = 0; i < 2; i++)
    {
      JsonObject *entry = json_array_get_object_element (einfach, i);

      g_assert_cmpint (int_member (entry, "players"), ==, i == 0 ? 3 : 8);
      assert_positive_number (entry, "random_hands_per_second");
    }
}

/* ------------------------------------------------------------------------------------ */
/* issue 21: the options across the commands */

/* notation.md "Herzla": in the simple form --players is the number of players or
 * SEAT=LEVEL pairs naming each seat from 1 to N once (then N is their number); a
 * four-player game takes pairs only, each seat once. */
static void
test_play_players_forms (void)
{
  static const char * const refused[][12] = {
    { "play", "--game", "herzla", "--variant", "einfach", "--players", "1=random,3=random,4=random",
      NULL },
    { "play", "--game", "herzla", "--variant", "einfach", "--players", "1=random,1=random,2=random",
      NULL },
    { "play", "--game", "herzla", "--variant", "einfach", "--players", "1=random,2=random", NULL },
    { "play", "--game", "herzla", "--variant", "einfach", "--players", "3", "--rule", "players=4",
      NULL },
    { "play", "--game", "herzla", "--variant", "einfach", "--players", "9", NULL },
    { "play", "--game", "herzla", "--players", "S=random,S=cheat", NULL },
    { "play", "--game", "herzla", "--players", "4", NULL },
    { "play", "--players", "S=random,S=heuristic", NULL },
    { "play", "--players", "4", NULL },
  };

  {
    g_auto (CliRun) run = { 0 };
    g_auto (GStrv) lines = NULL;
    g_autoptr (JsonNode) first = NULL;
    JsonObject *deal;

    cli_run (&run, NULL, "play", "--game", "herzla", "--variant", "einfach", "--players",
             "1=random,2=random,3=heuristic", "--deals", "1", "--seed", "3", NULL);
    assert_success (&run, NULL);
    lines = split_lines (run.out);
    g_assert_cmpuint (g_strv_length (lines), ==, 2);
    first = parse_json (lines[0]);
    deal = object_member (json_node_get_object (first), "deal");
    g_assert_cmpuint (json_object_get_size (deal), ==, 3);
    g_assert_true (json_object_has_member (deal, "3"));
  }
  {
    g_auto (CliRun) run = { 0 };
    g_auto (GStrv) lines = NULL;
    g_autoptr (JsonNode) first = NULL;

    cli_run (&run, NULL, "play", "--game", "herzla", "--variant", "einfach", "--players", "5",
             "--deals", "1", NULL);
    assert_success (&run, NULL);
    lines = split_lines (run.out);
    first = parse_json (lines[0]);
    g_assert_cmpuint (json_object_get_size (object_member (json_node_get_object (first),
                                                           "deal")), ==, 5);
  }
  for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
    {
      g_auto (CliRun) run = { 0 };

      cli_runv (&run, NULL, refused[i]);
      assert_failure (&run, 2);
    }
}

/* The record of one hand of the simple form for three. */
static char *
herzla_record (void)
{
  g_auto (CliRun) run = { 0 };

  cli_run (&run, NULL, "play", "--game", "herzla", "--variant", "einfach", "--players", "3",
           "--deals", "1", "--seed", "5", "--record", NULL);
  assert_success (&run, NULL);
  return g_steal_pointer (&run.out);
}

static char *
bierkopf_record (void)
{
  g_auto (CliRun) run = { 0 };

  cli_run (&run, NULL, "play", "--deals", "2", "--seed", "5", "--record", NULL);
  assert_success (&run, NULL);
  return g_steal_pointer (&run.out);
}

/* @record up to its @n-th play line. */
static char *
cut_after_plays (const char *record,
                 guint       n)
{
  g_auto (GStrv) lines = g_strsplit (record, "\n", -1);
  GString *cut = g_string_new (NULL);
  guint plays = 0;

  for (guint i = 0; lines[i]; i++)
    {
      g_string_append_printf (cut, "%s\n", lines[i]);
      if (g_str_has_prefix (lines[i], "play ") && ++plays == n)
        break;
    }
  return g_string_free (cut, FALSE);
}

/* notation.md "Commands": --game is an option of every command; review and hint take
 * --game herzla for a Herzla record; a --game other than the record's is refused (exit
 * 2), for replay too, not ignored. */
static void
test_record_game_option (void)
{
  g_autofree char *herzla = herzla_record ();
  g_autofree char *bierkopf = bierkopf_record ();
  g_autofree char *herzla_cut = cut_after_plays (herzla, 2);
  g_autofree char *bierkopf_cut = cut_after_plays (bierkopf, 2);

  {
    g_auto (CliRun) run = { 0 };
    g_autoptr (JsonNode) node = NULL;

    cli_run (&run, herzla, "review", "--game", "herzla", "-", NULL);
    assert_success (&run, NULL);
    node = parse_json (run.out);
    g_assert_cmpstr (string_member (json_node_get_object (node), "game"), ==, "herzla");
  }
  {
    g_auto (CliRun) run = { 0 };
    g_autoptr (JsonNode) node = NULL;

    cli_run (&run, herzla_cut, "hint", "--game", "herzla", "--variant", "einfach", "--record",
             "-", NULL);
    assert_success (&run, NULL);
    node = parse_json (run.out);
    g_assert_cmpstr (string_member (json_node_get_object (node), "game"), ==, "herzla");
  }
  {
    g_auto (CliRun) run = { 0 };

    cli_run (&run, bierkopf, "review", "--game", "bierkopf", "-", NULL);
    assert_success (&run, NULL);
  }
  {
    g_auto (CliRun) run = { 0 };

    cli_run (&run, bierkopf, "replay", "--game", "bierkopf", "-", NULL);
    assert_success (&run, NULL);
  }
  {
    struct {
      const char *record;
      const char *args[6];
    } mismatches[] = {
      { bierkopf, { "replay", "--game", "herzla", "-", NULL } },
      { herzla, { "replay", "--game", "bierkopf", "-", NULL } },
      { bierkopf, { "review", "--game", "herzla", "-", NULL } },
      { herzla, { "review", "--game", "bierkopf", "-", NULL } },
      { bierkopf_cut, { "hint", "--game", "herzla", "--record", "-", NULL } },
      { herzla_cut, { "hint", "--game", "bierkopf", "--record", "-", NULL } },
    };

    for (guint i = 0; i < G_N_ELEMENTS (mismatches); i++)
      {
        g_auto (CliRun) run = { 0 };

        cli_runv (&run, mismatches[i].record, mismatches[i].args);
        assert_failure (&run, 2);
        g_assert_nonnull (strstr (run.err, "--game"));
      }
  }
}

/* notation.md: `review --hand` counts from 1; 0 or a word is refused, not taken as the
 * last hand; a threshold below 0 is refused, -1 too. */
static void
test_review_hand_number (void)
{
  g_autofree char *dir = g_dir_make_tmp ("bierkopf-test-XXXXXX", NULL);
  g_autofree char *bierkopf_path = g_build_filename (dir, "bierkopf.txt", NULL);
  g_autofree char *herzla_path = g_build_filename (dir, "herzla.txt", NULL);
  g_autofree char *bierkopf = bierkopf_record ();
  g_autofree char *herzla = herzla_record ();
  g_autoptr (GError) error = NULL;
  /* The record comes from a file: these are refused before it is read. */
  static const char * const refused[][3] = {
    { "--hand", "0" }, { "--hand", "-1" }, { "--hand", "x" }, { "--hand", "3" },
    { "--threshold", "-1" }, { "--threshold", "nan" }, { "--threshold", "5x" },
  };

  g_assert_true (g_file_set_contents (bierkopf_path, bierkopf, -1, &error));
  g_assert_true (g_file_set_contents (herzla_path, herzla, -1, &error));
  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
    {
      g_auto (CliRun) run = { 0 };
      g_auto (CliRun) herzla_run = { 0 };

      cli_run (&run, NULL, "review", refused[i][0], refused[i][1], bierkopf_path, NULL);
      assert_failure (&run, 2);
      cli_run (&herzla_run, NULL, "review", refused[i][0], refused[i][1], herzla_path, NULL);
      assert_failure (&herzla_run, 2);
    }
  for (guint hand = 1; hand <= 2; hand++)
    {
      g_auto (CliRun) run = { 0 };
      g_autofree char *number = g_strdup_printf ("%u", hand);
      g_autoptr (JsonNode) node = NULL;

      cli_run (&run, NULL, "review", "--hand", number, "--threshold", "0", bierkopf_path, NULL);
      assert_success (&run, NULL);
      node = parse_json (run.out);
      g_assert_cmpint (int_member (json_node_get_object (node), "hand"), ==, hand);
    }
  g_remove (bierkopf_path);
  g_remove (herzla_path);
  g_rmdir (dir);
}

/* A record saved by an editor that starts UTF-8 files with a byte order mark is read as
 * the same record, by replay and review, of either game. */
static void
test_record_bom (void)
{
  char *records[] = { bierkopf_record (), herzla_record () };

  for (guint i = 0; i < G_N_ELEMENTS (records); i++)
    {
      g_autofree char *marked = g_strconcat ("\xEF\xBB\xBF", records[i], NULL);
      g_auto (CliRun) plain = { 0 };
      g_auto (CliRun) run = { 0 };
      g_auto (CliRun) review = { 0 };
      g_auto (CliRun) plain_review = { 0 };

      cli_run (&plain, records[i], "replay", "-", NULL);
      assert_success (&plain, NULL);
      cli_run (&run, marked, "replay", "-", NULL);
      assert_success (&run, plain.out);
      cli_run (&plain_review, records[i], "review", "-", NULL);
      assert_success (&plain_review, NULL);
      cli_run (&review, marked, "review", "-", NULL);
      assert_success (&review, plain_review.out);
      g_free (records[i]);
    }
}

/* Found probing every command with wrong arguments (issue 21): the usage names every
 * command and --help is not a mistake; an option of Herzla given to Bierkopf is named as
 * such; an option the record's header contradicts is refused, not ignored; a trick of
 * the simple form holds no more cards than its players; a hint on a finished Herzla hand
 * says so, as for Bierkopf. */
static void
test_probe_consistency (void)
{
  g_autofree char *herzla = herzla_record ();
  g_autofree char *bierkopf = bierkopf_record ();
  static const char * const commands[] = { "legal", "trick", "replay", "play", "solve",
                                           "match", "bench", "stats", "history-fill",
                                           "review", "hint" };

  {
    g_auto (CliRun) run = { 0 };

    cli_run (&run, NULL, "--help", NULL);
    assert_success (&run, NULL);
    for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
      g_assert_nonnull (strstr (run.out, commands[i]));
  }
  {
    g_auto (CliRun) run = { 0 };

    cli_run (&run, NULL, "solve", "--hands", "S:EA W:EK N:E10 E:EO", "--lead", "S",
             "--players", "3", NULL);
    assert_failure (&run, 2);
    g_assert_nonnull (strstr (run.err, "Bierkopf has no option --players"));
  }
  {
    struct {
      const char *record;
      const char *args[10];
    } contradicted[] = {
      { bierkopf, { "replay", "--variant", "lang", "-", NULL } },
      { bierkopf, { "replay", "--void", "frei", "-", NULL } },
      { bierkopf, { "review", "--scoring", "points", "-", NULL } },
      { herzla, { "review", "--game", "herzla", "--variant", "einfach", "--players", "5", "-",
                  NULL } },
      { herzla, { "replay", "--game", "herzla", "--variant", "vier", "-", NULL } },
      { bierkopf, { "replay", "--rule", "packets=2-3", "-", NULL } },
    };

    for (guint i = 0; i < G_N_ELEMENTS (contradicted); i++)
      {
        g_auto (CliRun) run = { 0 };

        cli_runv (&run, contradicted[i].record, contradicted[i].args);
        assert_failure (&run, 2);
        g_assert_nonnull (strstr (run.err, "The record says"));
      }
  }
  /* H6.1: a trick of the simple form has a card per player, when their number is given. */
  {
    g_auto (CliRun) run = { 0 };
    g_auto (CliRun) legal = { 0 };
    g_auto (CliRun) three = { 0 };

    cli_run (&run, NULL, "trick", "--game", "herzla", "--variant", "einfach", "--players", "3",
             "--cards", "EA EK EO E10", NULL);
    assert_failure (&run, 2);
    cli_run (&legal, NULL, "legal", "--game", "herzla", "--variant", "einfach", "--players",
             "3", "--hand", "EA", "--trick", "EK EO E10", NULL);
    assert_failure (&legal, 2);
    cli_run (&three, NULL, "trick", "--game", "herzla", "--variant", "einfach", "--players",
             "3", "--cards", "EA EK EO", NULL);
    assert_success (&three, "{\"winner\":0,\"points\":0}\n");
  }
  {
    g_auto (CliRun) run = { 0 };
    g_auto (CliRun) same = { 0 };

    cli_run (&run, herzla, "hint", "--record", "-", NULL);
    assert_failure (&run, 1);
    cli_run (&same, bierkopf, "hint", "--record", "-", NULL);
    assert_failure (&same, 1);
    g_assert_cmpstr (run.err, ==, same.err);
  }
}

int
main (int    argc,
      char **argv)
{
  const char *env = g_getenv ("BIERKOPF_CLI");
  g_autofree char *program_dir = g_path_get_dirname (argv[0]);

  g_test_init (&argc, &argv, NULL);

  if (env && *env)
    cli_path = g_strdup (env);
  else
    cli_path = g_build_filename (program_dir, "..", "..", "src", "cli", "bierkopf-cli", NULL);
  if (!g_file_test (cli_path, G_FILE_TEST_IS_EXECUTABLE))
    {
      g_printerr ("bierkopf-cli not found at “%s”: set BIERKOPF_CLI\n", cli_path);
      return 1;
    }

  g_test_add_func ("/cli/legal/B4.2/follow-suit", test_legal_follow_suit);
  g_test_add_func ("/cli/legal/B4.3/trumpfzwang", test_legal_trumpfzwang);
  g_test_add_func ("/cli/legal/B4.3/frei", test_legal_frei);
  g_test_add_func ("/cli/legal/B4.3/ueberstechen", test_legal_ueberstechen);
  g_test_add_func ("/cli/legal/B1.2/variant", test_legal_variant);
  g_test_add_func ("/cli/trick/B4.4", test_trick);
  g_test_add_func ("/cli/bad-arguments", test_bad_arguments);
  g_test_add_func ("/cli/play/json", test_play_json);
  g_test_add_func ("/cli/play/B1.2/lang", test_play_lang);
  g_test_add_func ("/cli/play/B6/session", test_play_session);
  g_test_add_func ("/cli/play/deterministic", test_play_deterministic);
  g_test_add_func ("/cli/play/transcript", test_play_transcript);
  g_test_add_func ("/cli/play/replays", test_play_replays);
  g_test_add_func ("/cli/replay/checkpoint", test_replay_checkpoint);
  g_test_add_func ("/cli/replay/valid", test_replay_valid);
  g_test_add_func ("/cli/replay/invalid", test_replay_invalid);
  g_test_add_func ("/cli/bench", test_bench);
  g_test_add_func ("/cli/herzla/legal/H4.2/heart-lead", test_herzla_heart_lead);
  g_test_add_func ("/cli/herzla/legal/H4.2/contract-house-rule", test_herzla_heart_lead_contract);
  g_test_add_func ("/cli/herzla/legal/H4.1/follow-suit", test_herzla_follow_suit);
  g_test_add_func ("/cli/herzla/legal/H1.1-H6.1/variant", test_herzla_variant);
  g_test_add_func ("/cli/herzla/trick/H4.1-H1.3", test_herzla_trick);
  g_test_add_func ("/cli/herzla/match", test_herzla_match);
  g_test_add_func ("/cli/herzla/not-playable", test_herzla_not_playable);
  g_test_add_func ("/cli/herzla/play-replay", test_herzla_play_replay);
  g_test_add_func ("/cli/herzla/H6.1/play-einfach", test_herzla_play_einfach);
  g_test_add_func ("/cli/herzla/replay-bad", test_herzla_replay_bad);
  g_test_add_func ("/cli/herzla/H5.4/replay-settle", test_herzla_replay_settle);
  g_test_add_func ("/cli/herzla/bench", test_herzla_bench);
  g_test_add_func ("/cli/match/first-max", test_match_first_max);
  g_test_add_func ("/cli/play/record", test_play_record);
  g_test_add_func ("/cli/replay/empty", test_replay_empty);
  g_test_add_func ("/cli/replay/too-large", test_replay_too_large);
  g_test_add_func ("/cli/play/players-forms", test_play_players_forms);
  g_test_add_func ("/cli/record-game-option", test_record_game_option);
  g_test_add_func ("/cli/review/hand-number", test_review_hand_number);
  g_test_add_func ("/cli/record/bom", test_record_bom);
  g_test_add_func ("/cli/probe-consistency", test_probe_consistency);

  return g_test_run ();
}
