/* bk-table-guest.c: a seat or a spectator at a table (docs/network.md).
 *
 * Why it is above 1,000 lines: each stanza's handler reads and changes the guest's one
 * state (its hand, the public record, the world of the unseen cards, the paced queue),
 * and the verification replays that same state; split, it would sit in a private
 * header with no second user.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-net"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "bk-computer-turn.h"
#include "bk-error.h"
#include "bk-fair-deal.h"
#include "bk-game-rules.h"
#include "bk-levels.h"
#include "bk-net-bucket.h"
#include "bk-record.h"
#include "bk-table-guest.h"
#include "bk-table-words.h"

/* How often a world of the hand is dealt again before the guest gives up on it: each try
 * rules out at least one card for one seat. */
#define MAX_WORLD_TRIES (BK_N_CARDS * BK_MAX_SEATS)
/* How long after a refusal as a flood we ask for the table again (the host's bucket has
 * refilled by then), and how long an unanswered <resync/> holds back the next one. */
#define RETRY_US (G_USEC_PER_SEC)
#define RESYNC_WAIT_US (2 * G_USEC_PER_SEC)
/* How long a claim waits for its <state/> before it is sent again (a stanza may be lost
 * right after joining a room) */
#define CLAIM_WAIT_US (2 * G_USEC_PER_SEC)
/* A claim, a secret or a request the host has not answered in so long was lost (a
 * stanza lost under load, or with a host killed): we ask for the table. */
#define QUIET_US (5 * G_USEC_PER_SEC)

struct _BkTableGuest
{
  GObject      parent_instance;

  char        *room;
  BkSeat       seat;            /* the chair we took (bk_net_seat_chair()) */
  BkSeat       seat_now;        /* where we sit in the world */
  BkStrategy  *strategy;
  char        *host;            /* the host's nickname, from the first table */
  gboolean     claimed;
  guint32      person_seats;    /* seats held by people (they send secrets) */
  char        *record;          /* header and every verified hand, in full */
  guint        verified_hands;  /* hands in `record` */
  gboolean     broken;          /* a hand failed: the record can no longer follow */

  guint        hand;            /* the hand committed to or in play; 0 none */
  gboolean     has_commit;
  guint8       commitment[BK_NET_SECRET_SIZE];
  guint32      commit_persons;  /* person_seats when the commitment came */
  gboolean     secret_known;
  guint8       secret[BK_NET_SECRET_SIZE];
  BkHand       dealt;           /* our cards as the host sent them */
  GString     *lines;           /* the public lines of the hand */
  guint        seq;             /* lines seen */
  guint        asked_seq;       /* we asked at this line already (G_MAXUINT: not yet) */
  guint        retries;         /* requests sent again at this line */
  guint        declined_level;  /* the offer we let pass, its level plus one (0: none) */

  BkGame      *world;
  GArray      *verdicts;
  gboolean     finished;

  /* pacing (docs/network.md, "Caps") */
  BkTableGuestClock clock;
  gpointer     clock_data;
  GMainContext *context;        /* where the timer runs */
  GSource     *timer;
  BkNetBucket  pace;
  gboolean     paced;           /* pace is counting */
  gboolean     flushing;
  GQueue       outbox;          /* Outgoing, waiting for a token */
  gint64       retry_at;        /* when to ask for the table again; 0 never */
  gboolean     retried_late;    /* asked again after the retries of this line */
  gint64       resync_until;    /* a <resync/> is unanswered until then */
  gboolean     seated;          /* a <state/> for our chair came: the claim is in */
  gboolean     disposed;        /* a handler of ::send let us go: no timer any more */
  gboolean     host_away;       /* the host left the room and has not spoken since */
  gint64       quiet_at;        /* the host has not answered what we sent by then: 0 none */

  /* free words (docs/network.md, 3.13): who sits where, and the rates */
  char        *nicks[BK_MAX_SEATS];
  BkNetWordsRate *heard_rate;
  BkNetBucket  say_pace;
  gboolean     say_paced;
  gboolean     claim_waiting;   /* the host keeps our claim for the hand's end */
  char        *nick;            /* ours in the room, if the caller said */
  gint64       cards_due;       /* the hand is dealt and our cards have not come by then */
};

G_DEFINE_FINAL_TYPE (BkTableGuest, bk_table_guest, G_TYPE_OBJECT)

/* A payload in the outbox, and the line it answers */
typedef struct {
  BkNetKind      kind;
  guint          hand;
  guint          seq;
  BkXmppElement *payload;
} Outgoing;

static void
outgoing_free (Outgoing *outgoing)
{
  bk_xmpp_element_unref (outgoing->payload);
  g_free (outgoing);
}

enum {
  SIGNAL_SEND,
  SIGNAL_LINE,
  SIGNAL_TURN,
  SIGNAL_REFUSED,
  SIGNAL_WAITING,
  SIGNAL_VERIFIED,
  SIGNAL_FINISHED,
  SIGNAL_HOST_AWAY,
  SIGNAL_WORDS,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
verdict_clear (gpointer data)
{
  BkTableVerdict *verdict = data;

  g_free (verdict->message);
}

static void
bk_table_guest_dispose (GObject *object)
{
  BkTableGuest *self = BK_TABLE_GUEST (object);

  self->disposed = TRUE;
  if (self->timer)
    {
      g_source_destroy (self->timer);
      g_clear_pointer (&self->timer, g_source_unref);
    }
  g_queue_clear_full (&self->outbox, (GDestroyNotify) outgoing_free);
  g_clear_object (&self->strategy);
  g_clear_object (&self->world);
  G_OBJECT_CLASS (bk_table_guest_parent_class)->dispose (object);
}

static void
bk_table_guest_finalize (GObject *object)
{
  BkTableGuest *self = BK_TABLE_GUEST (object);

  g_free (self->room);
  g_free (self->host);
  g_free (self->nick);
  g_free (self->record);
  g_string_free (self->lines, TRUE);
  g_array_unref (self->verdicts);
  g_main_context_unref (self->context);
  for (guint s = 0; s < BK_MAX_SEATS; s++)
    g_free (self->nicks[s]);
  bk_net_words_rate_free (self->heard_rate);
  G_OBJECT_CLASS (bk_table_guest_parent_class)->finalize (object);
}

static void
bk_table_guest_class_init (BkTableGuestClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GType type = G_TYPE_FROM_CLASS (klass);

  object_class->dispose = bk_table_guest_dispose;
  object_class->finalize = bk_table_guest_finalize;

  signals[SIGNAL_SEND] =
    g_signal_new ("send", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 4,
                  G_TYPE_STRING, G_TYPE_STRING, G_TYPE_POINTER, G_TYPE_BOOLEAN);
  signals[SIGNAL_LINE] =
    g_signal_new ("line", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 1,
                  G_TYPE_STRING);
  signals[SIGNAL_TURN] =
    g_signal_new ("turn", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[SIGNAL_REFUSED] =
    g_signal_new ("refused", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 2,
                  G_TYPE_STRING, G_TYPE_STRING);
  signals[SIGNAL_WAITING] =
    g_signal_new ("waiting", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 2,
                  G_TYPE_UINT, G_TYPE_UINT);
  signals[SIGNAL_VERIFIED] =
    g_signal_new ("verified", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 3,
                  G_TYPE_UINT, G_TYPE_BOOLEAN, G_TYPE_STRING);
  signals[SIGNAL_FINISHED] =
    g_signal_new ("finished", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[SIGNAL_HOST_AWAY] =
    g_signal_new ("host-away", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 1,
                  G_TYPE_BOOLEAN);
  signals[SIGNAL_WORDS] =
    g_signal_new ("words", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 3,
                  G_TYPE_STRING, G_TYPE_UINT, G_TYPE_STRING);
}

static void
set_host_away (BkTableGuest *self,
               gboolean      away)
{
  if (self->host_away == away)
    return;
  self->host_away = away;
  g_message (away ? "The host left the room; we wait for it" : "The host is back");
  g_signal_emit (self, signals[SIGNAL_HOST_AWAY], 0, away);
}

void
bk_table_guest_occupant (BkTableGuest *self,
                         const char   *nick,
                         gboolean      present)
{
  g_return_if_fail (BK_IS_TABLE_GUEST (self) && nick != NULL);

  /* the host is back once it speaks to us again (a host started again sends the table) */
  if (!present && !self->finished && g_strcmp0 (nick, self->host) == 0)
    set_host_away (self, TRUE);
}

gboolean
bk_table_guest_is_host_away (BkTableGuest *self)
{
  g_return_val_if_fail (BK_IS_TABLE_GUEST (self), FALSE);
  return self->host_away;
}

static void
bk_table_guest_init (BkTableGuest *self)
{
  self->lines = g_string_new (NULL);
  self->verdicts = g_array_new (FALSE, TRUE, sizeof (BkTableVerdict));
  g_array_set_clear_func (self->verdicts, verdict_clear);
  self->asked_seq = G_MAXUINT;
  self->context = g_main_context_ref_thread_default ();
  g_queue_init (&self->outbox);
}

BkTableGuest *
bk_table_guest_new (const char *room_jid,
                    BkSeat      seat)
{
  BkTableGuest *self;

  g_return_val_if_fail (room_jid != NULL, NULL);
  g_return_val_if_fail (seat == BK_SEAT_NONE || seat < BK_MAX_SEATS, NULL);

  self = g_object_new (BK_TYPE_TABLE_GUEST, NULL);
  self->room = g_strdup (room_jid);
  self->seat = seat;
  return self;
}

void
bk_table_guest_set_strategy (BkTableGuest *self,
                             BkStrategy   *strategy)
{
  g_return_if_fail (BK_IS_TABLE_GUEST (self));
  g_set_object (&self->strategy, strategy);
}

BkGame *
bk_table_guest_get_game (BkTableGuest *self)
{
  g_return_val_if_fail (BK_IS_TABLE_GUEST (self), NULL);
  return self->world;
}

BkSeat
bk_table_guest_get_seat (BkTableGuest *self)
{
  g_return_val_if_fail (BK_IS_TABLE_GUEST (self), BK_SEAT_NONE);
  return self->seat;
}

const char *
bk_table_guest_get_host (BkTableGuest *self)
{
  g_return_val_if_fail (BK_IS_TABLE_GUEST (self), NULL);
  return self->host;
}

GArray *
bk_table_guest_get_verdicts (BkTableGuest *self)
{
  g_return_val_if_fail (BK_IS_TABLE_GUEST (self), NULL);
  return self->verdicts;
}

gboolean
bk_table_guest_is_finished (BkTableGuest *self)
{
  g_return_val_if_fail (BK_IS_TABLE_GUEST (self), FALSE);
  return self->finished;
}

const char *
bk_table_guest_get_record (BkTableGuest *self)
{
  g_return_val_if_fail (BK_IS_TABLE_GUEST (self), NULL);
  return self->record;
}

static gint64
now (BkTableGuest *self)
{
  return self->clock ? self->clock (self->clock_data) : g_get_monotonic_time ();
}

void
bk_table_guest_set_clock (BkTableGuest      *self,
                          BkTableGuestClock  clock,
                          gpointer           user_data)
{
  g_return_if_fail (BK_IS_TABLE_GUEST (self));
  self->clock = clock;
  self->clock_data = user_data;
  self->paced = FALSE;
}

gint64
bk_table_guest_get_next_send (BkTableGuest *self)
{
  gint64 next = 0;

  g_return_val_if_fail (BK_IS_TABLE_GUEST (self), 0);

  if (!g_queue_is_empty (&self->outbox))
    next = bk_net_bucket_next (&self->pace, now (self));
  if (self->retry_at != 0 && (next == 0 || self->retry_at < next))
    next = self->retry_at;
  if (self->quiet_at != 0 && (next == 0 || self->quiet_at < next))
    next = self->quiet_at;
  if (self->cards_due != 0 && (next == 0 || self->cards_due < next))
    next = self->cards_due;
  return next;
}

static gboolean
timer_cb (gpointer data)
{
  BkTableGuest *self = data;

  g_clear_pointer (&self->timer, g_source_unref);
  bk_table_guest_flush (self);
  return G_SOURCE_REMOVE;
}

/* The timer for the next thing that waits, if anything does. */
static void
schedule (BkTableGuest *self)
{
  gint64 next = bk_table_guest_get_next_send (self);

  if (self->timer)
    {
      g_source_destroy (self->timer);
      g_clear_pointer (&self->timer, g_source_unref);
    }
  if (next == 0 || self->disposed)
    return;
  self->timer = g_timeout_source_new ((guint) ((MAX (next - now (self), 0) + 999) / 1000));
  g_source_set_callback (self->timer, timer_cb, self, NULL);
  g_source_set_static_name (self->timer, "[bierkopf] table guest pacing");
  g_source_attach (self->timer, self->context);
}

static void retry (BkTableGuest *self);
static void ask_resync (BkTableGuest *self);

void
bk_table_guest_flush (BkTableGuest *self)
{
  g_return_if_fail (BK_IS_TABLE_GUEST (self));

  if (self->flushing)
    return;
  self->flushing = TRUE;
  g_object_ref (self);
  if (self->retry_at != 0 && now (self) >= self->retry_at)
    retry (self);
  if (self->quiet_at != 0 && now (self) >= self->quiet_at)
    {
      g_debug ("Chair %u heard nothing from the host: it asks for the table", self->seat);
      self->quiet_at = 0;
      self->resync_until = 0;
      ask_resync (self);
    }
  if (self->cards_due != 0 && now (self) >= self->cards_due)
    {
      g_debug ("Chair %u has no cards of hand %u: it asks for the table", self->seat,
               self->hand);
      self->cards_due = 0;
      self->resync_until = 0;
      ask_resync (self);
    }
  while (!g_queue_is_empty (&self->outbox))
    {
      Outgoing *next = g_queue_peek_head (&self->outbox);

      /* an action that waited while the table moved on would only be refused (the new
       * line asks us again); a decline goes, so that its refusal tells us it was late */
      if (next->kind == BK_NET_REQUEST && (next->hand != self->hand || next->seq != self->seq))
        {
          g_debug ("Chair %u drops its <%s/> of line %u: the table is at line %u",
                   self->seat, bk_net_kind_name (next->kind), next->seq, self->seq);
          outgoing_free (g_queue_pop_head (&self->outbox));
          continue;
        }
      if (!bk_net_bucket_take (&self->pace, now (self)))
        break;
      g_queue_pop_head (&self->outbox);
      if (self->quiet_at == 0 && !self->finished &&
          (next->kind == BK_NET_REQUEST || next->kind == BK_NET_SECRET ||
           next->kind == BK_NET_CLAIM))
        self->quiet_at = now (self) + QUIET_US;
      g_signal_emit (self, signals[SIGNAL_SEND], 0, self->host, NULL, next->payload, TRUE);
      outgoing_free (next);
    }
  self->flushing = FALSE;
  schedule (self);
  g_object_unref (self);
}

/* Everything we send waits its turn in the outbox, under the host's rate. */
static void
send (BkTableGuest      *self,
      const BkNetStanza *stanza)
{
  Outgoing *outgoing;

  g_return_if_fail (self->host != NULL);
  g_debug ("Chair %u sends <%s/> of hand %u at line %u: %s", self->seat,
           bk_net_kind_name (stanza->kind), stanza->hand, stanza->seq,
           stanza->text ? stanza->text : "");
  if (!self->paced)
    {
      bk_net_bucket_init (&self->pace, BK_NET_GUEST_BURST, BK_NET_RATE_PER_SECOND, now (self));
      self->paced = TRUE;
    }
  outgoing = g_new0 (Outgoing, 1);
  outgoing->kind = stanza->kind;
  outgoing->hand = stanza->hand;
  outgoing->seq = stanza->seq;
  outgoing->payload = bk_net_stanza_build (stanza);
  g_queue_push_tail (&self->outbox, outgoing);
  bk_table_guest_flush (self);
}

static void
send_simple (BkTableGuest *self,
             BkNetKind     kind)
{
  g_auto (BkNetStanza) stanza = { 0 };

  bk_net_stanza_init (&stanza, kind);
  stanza.seat = self->seat;
  stanza.hand = self->hand;
  stanza.seq = self->seq;
  send (self, &stanza);
}

static void
send_secret (BkTableGuest *self)
{
  g_auto (BkNetStanza) stanza = { 0 };
  g_autoptr (GError) error = NULL;

  /* a claim kept for the hand's end has no part in this hand's deal */
  if (self->seat == BK_SEAT_NONE || !self->has_commit || self->claim_waiting)
    return;
  /* sent again (its first may have been refused), it is the same secret */
  if (!self->secret_known && !bk_fair_deal_new_secret (self->secret, &error))
    {
      g_warning ("%s", error->message);
      return;
    }
  self->secret_known = TRUE;
  bk_net_stanza_init (&stanza, BK_NET_SECRET);
  stanza.hand = self->hand;
  memcpy (stanza.digest, self->secret, BK_NET_SECRET_SIZE);
  send (self, &stanza);
}

/* Asks the host for the table, once until it answers or a while has passed: a gap in
 * the lines shows at every line after it. */
static void
ask_resync (BkTableGuest *self)
{
  gint64 t = now (self);

  if (self->host == NULL || (self->resync_until != 0 && t < self->resync_until))
    return;
  self->resync_until = t + RESYNC_WAIT_US;
  send_simple (self, BK_NET_RESYNC);
}

/* What the host refused as a flood is asked for again: the claim while we have no seat,
 * else the table (its <state/> makes us send our secret and our action again). */
static void
retry (BkTableGuest *self)
{
  self->retry_at = 0;
  if (self->host == NULL)
    return;
  if (self->seat != BK_SEAT_NONE && !self->seated)
    {
      send_simple (self, BK_NET_CLAIM);
      self->retry_at = now (self) + CLAIM_WAIT_US;
    }
  else
    {
      self->resync_until = 0;
      ask_resync (self);
    }
}

static void
retry_later (BkTableGuest *self)
{
  if (self->retry_at == 0)
    self->retry_at = now (self) + RETRY_US;
  schedule (self);
}

/* The public lines before the hand's dealer line, and the dealer line itself. */
static const char *
dealer_line (const char *lines)
{
  for (const char *p = lines; p && *p; p = strchr (p, '\n') ? strchr (p, '\n') + 1 : NULL)
    if (g_str_has_prefix (p, "dealer "))
      return p;
  return NULL;
}

/* One augmenting path of a matching of the unseen cards to the places left in the hands
 * (Kuhn's algorithm): @card takes a free place it may go to, or one whose card can move. */
typedef struct {
  guint         n_cards;
  BkCard        cards[BK_N_CARDS];
  guint         n_places;
  guint8        owner[BK_N_CARDS];   /* the seat of each place; n_seats: the cards aside */
  gint          taken[BK_N_CARDS];   /* the card index in each place, -1 free */
  guint         n_seats;
  const BkHand *excluded;
} Matching;

/* `visited` is a mask of places */
G_STATIC_ASSERT (BK_N_CARDS <= 64);

static gboolean
may_hold (const Matching *m,
          guint           place,
          BkCard          card)
{
  return m->owner[place] == m->n_seats || !bk_hand_has (m->excluded[m->owner[place]], card);
}

static gboolean
augment (Matching *m,
         guint     card,
         guint64  *visited)
{
  for (guint p = 0; p < m->n_places; p++)
    if (!(*visited & (G_GUINT64_CONSTANT (1) << p)) && may_hold (m, p, m->cards[card]))
      {
        *visited |= G_GUINT64_CONSTANT (1) << p;
        if (m->taken[p] < 0 || augment (m, (guint) m->taken[p], visited))
          {
            m->taken[p] = (gint) card;
            return TRUE;
          }
      }
  return FALSE;
}

/* Deals the cards nobody has shown to the other seats and the cards aside: each seat
 * keeps the cards it has played, takes no card it was shown not to hold, and as many as
 * the deal gives it. FALSE when no such deal exists. */
static gboolean
assign_world (guint         n_seats,
              BkSeat        own,
              BkHand        own_cards,
              BkHand        deck,
              const guint  *sizes,
              guint         aside_size,
              const BkHand *played,
              const BkHand *excluded,
              BkHand       *hands,
              BkHand       *aside)
{
  BkHand pool = deck & ~own_cards;
  Matching m = { .n_seats = n_seats, .excluded = excluded };

  *aside = 0;
  for (guint s = 0; s < n_seats; s++)
    {
      hands[s] = s == own ? own_cards : played[s];
      pool &= ~hands[s];
      if (bk_hand_count (hands[s]) > sizes[s])
        return FALSE;
      for (guint k = bk_hand_count (hands[s]); k < sizes[s]; k++)
        m.owner[m.n_places++] = (guint8) s;
    }
  for (guint k = 0; k < aside_size; k++)
    m.owner[m.n_places++] = (guint8) n_seats;
  for (; pool; pool &= pool - 1)
    m.cards[m.n_cards++] = bk_hand_first (pool);
  if (m.n_cards != m.n_places)
    return FALSE;
  for (guint p = 0; p < m.n_places; p++)
    m.taken[p] = -1;
  for (guint c = 0; c < m.n_cards; c++)
    {
      guint64 visited = 0;

      if (!augment (&m, c, &visited))
        return FALSE;
    }
  for (guint p = 0; p < m.n_places; p++)
    {
      BkHand bit = BK_HAND_BIT (m.cards[m.taken[p]]);

      if (m.owner[p] == n_seats)
        *aside |= bit;
      else
        hands[m.owner[p]] |= bit;
    }
  return TRUE;
}

/* The guest's world of the hand: the session as verified, the public lines, our cards
 * and the others' filled in so that every line the room saw replays. */
static void
rebuild_world (BkTableGuest *self)
{
  const char *dealer_at = dealer_line (self->lines->str);
  g_autofree char *prefix = NULL;
  g_autofree char *head = NULL;
  g_auto (GStrv) lines = NULL;
  BkHand played[BK_MAX_SEATS] = { 0 }, excluded[BK_MAX_SEATS] = { 0 };
  guint sizes[BK_MAX_SEATS] = { 0 }, aside_size = 0, first_action;
  BkSeat dealer, own = BK_SEAT_NONE;

  g_clear_object (&self->world);
  if (dealer_at == NULL || self->record == NULL || self->broken ||
      (self->seat != BK_SEAT_NONE && self->dealt == 0))
    return;

  head = g_strndup (self->lines->str, (gsize) (dealer_at - self->lines->str));
  prefix = g_strconcat (self->record, head, NULL);
  lines = g_strsplit (dealer_at, "\n", -1);
  {
    g_autoptr (BkGame) base = bk_record_replay (prefix, NULL, NULL, NULL, NULL);
    const BkRules *rules;
    const BkGameModule *module;
    BkHand deck, tmp[BK_MAX_SEATS] = { 0 }, tmp_aside = 0;
    BkCard cards[BK_N_CARDS];
    guint n = 0;

    if (base == NULL || !bk_seat_parse_for (bk_game_get_rules (base), lines[0] + 7, &dealer,
                                            NULL))
      return;
    rules = bk_game_get_rules (base);
    module = bk_game_get_module (base);
    if (self->seat != BK_SEAT_NONE)
      own = bk_net_seat_now (base, self->seat);
    deck = module->trick_rules ()->deck (rules);
    for (BkHand rest = deck; rest; rest &= rest - 1)
      cards[n++] = bk_hand_first (rest);
    module->deal (rules, cards, dealer, tmp, &tmp_aside);
    for (guint s = 0; s < bk_game_get_n_seats (base); s++)
      sizes[s] = bk_hand_count (tmp[s]);
    aside_size = bk_hand_count (tmp_aside);
    for (first_action = 1; lines[first_action] && lines[first_action][0]; first_action++)
      {
        BkAction action;

        if (bk_net_action_parse (rules, lines[first_action], &action, NULL) &&
            action.type == BK_ACTION_PLAY && action.seat < BK_MAX_SEATS)
          played[action.seat] |= BK_HAND_BIT (action.arg);
      }
  }

  for (guint attempt = 0; attempt < MAX_WORLD_TRIES; attempt++)
    {
      g_autoptr (BkGame) game = bk_record_replay (prefix, NULL, NULL, NULL, NULL);
      BkHand hands[BK_MAX_SEATS] = { 0 }, aside = 0;
      g_autoptr (GError) error = NULL;
      const BkRules *rules = bk_game_get_rules (game);
      const BkGameModule *module = bk_game_get_module (game);
      guint n_seats = bk_game_get_n_seats (game);
      gboolean again = FALSE;

      if (!assign_world (n_seats, own, self->dealt, module->trick_rules ()->deck (rules),
                         sizes, aside_size, played, excluded, hands, &aside))
        {
          g_debug ("No world of hand %u at line %u: the cards do not fit", self->hand,
                   self->seq);
          return;
        }
      if (!bk_game_deal (game, dealer, hands, aside, &error))
        {
          g_debug ("No world of hand %u at line %u: %s", self->hand, self->seq,
                   error->message);
          return;
        }
      /* The others are the game's computers here, so that it never waits for them. */
      for (guint s = 0; s < n_seats; s++)
        {
          g_autoptr (BkStrategy) strategy = NULL;

          if (s == own && self->strategy)
            bk_game_set_strategy (game, s, self->strategy);
          else if (s != own)
            {
              strategy = bk_strategy_new_for_level (rules->game, "random", NULL);
              bk_game_set_strategy (game, s, strategy);
            }
        }
      for (guint i = 1; lines[i] && lines[i][0] && !again; i++)
        {
          BkAction action;
          BkHand legal;

          if (!bk_net_is_action_line (rules, lines[i]))
            continue;
          if (!bk_net_action_parse (rules, lines[i], &action, NULL))
            return;
          legal = bk_game_get_legal (game);
          if (bk_game_apply (game, &action, NULL))
            continue;
          /* A card another seat could not have played if it held a card we gave it:
           * it did not hold those. */
          if (action.type != BK_ACTION_PLAY || action.seat == own ||
              !(legal & bk_game_get_cards (game, action.seat) & ~played[action.seat]))
            {
              g_debug ("No world of hand %u at line %u: “%s” does not replay", self->hand,
                       self->seq, lines[i]);
              return;
            }
          excluded[action.seat] |= legal & bk_game_get_cards (game, action.seat) &
                                   ~played[action.seat];
          again = TRUE;
        }
      if (again && attempt + 1 == MAX_WORLD_TRIES)
        g_debug ("No world of hand %u at line %u after %u tries", self->hand, self->seq,
                 MAX_WORLD_TRIES);
      if (!again)
        {
          self->world = g_steal_pointer (&game);
          self->seat_now = own;
          if (self->declined_level && module->offer_level &&
              module->offer_level (bk_game_get_hand (self->world)) + 1 == self->declined_level)
            bk_game_decline_offer (self->world, own);
          return;
        }
    }
}

/* We let the world's offer pass, and remember it: the world is dealt again at each line. */
static void
decline_in_world (BkTableGuest *self)
{
  const BkGameModule *module = bk_game_get_module (self->world);

  if (module->offer_level)
    self->declined_level = module->offer_level (bk_game_get_hand (self->world)) + 1;
  bk_game_decline_offer (self->world, self->seat_now);
}

/* A computer player of ours acts when the world says it is its turn; a person is asked. */
static void
maybe_act (BkTableGuest *self)
{
  BkComputerTurn turn;
  BkAction action;
  gboolean declines;
  g_auto (BkNetStanza) stanza = { 0 };

  if (self->world == NULL || self->seat == BK_SEAT_NONE || self->asked_seq == self->seq ||
      bk_game_get_phase (self->world) == BK_PHASE_HAND_OVER)
    return;
  /* the others' answers to an offer are theirs: let them pass here (a person's guest
   * too, or the world never waits for the person's answer and his decline is refused) */
  while (bk_game_get_computer_turn (self->world, &turn) && turn.offer && turn.seat != self->seat_now)
    bk_game_decline_offer (self->world, turn.seat);
  if (self->strategy == NULL)
    {
      if (bk_game_get_to_act (self->world) == self->seat_now ||
          bk_game_is_waiting_for_offer (self->world, self->seat_now))
        {
          self->asked_seq = self->seq;
          g_signal_emit (self, signals[SIGNAL_TURN], 0);
        }
      return;
    }
  if (!bk_game_get_computer_turn (self->world, &turn) || turn.seat != self->seat_now)
    return;
  bk_computer_turn_decide (&turn, self->strategy, &action, &declines);
  self->asked_seq = self->seq;
  bk_net_stanza_init (&stanza, declines ? BK_NET_DECLINE : BK_NET_REQUEST);
  stanza.hand = self->hand;
  stanza.seq = self->seq;
  if (declines)
    decline_in_world (self);
  else
    stanza.text = bk_net_action_to_string (bk_game_get_rules (self->world), &action);
  send (self, &stanza);
  /* a declined offer adds no line: the turn may be ours still */
  if (declines)
    {
      self->asked_seq = G_MAXUINT;
      maybe_act (self);
    }
}

gboolean
bk_table_guest_request (BkTableGuest *self,
                        const char   *text,
                        GError      **error)
{
  g_auto (BkNetStanza) stanza = { 0 };
  BkAction action;

  g_return_val_if_fail (BK_IS_TABLE_GUEST (self) && text != NULL, FALSE);

  if (self->world == NULL)
    {
      g_set_error (error, BK_ERROR, BK_ERROR_WRONG_PHASE, _("No hand is in play"));
      return FALSE;
    }
  if (strcmp (text, "decline") == 0)
    {
      if (!bk_game_is_waiting_for_offer (self->world, self->seat_now))
        {
          g_set_error (error, BK_ERROR, BK_ERROR_ILLEGAL_STEP, _("Nothing is offered to you"));
          return FALSE;
        }
      decline_in_world (self);
      bk_net_stanza_init (&stanza, BK_NET_DECLINE);
    }
  else
    {
      if (!bk_net_action_parse (bk_game_get_rules (self->world), text, &action, error))
        return FALSE;
      if (action.seat != self->seat_now)
        {
          g_set_error (error, BK_NET_ERROR, BK_NET_ERROR_NOT_SEATED,
                       _("You cannot act for another seat"));
          return FALSE;
        }
      /* our own game checks it first; the world itself stays as the room saw it */
      if (!bk_game_get_module (self->world)->check (bk_game_get_hand (self->world), &action,
                                                     error))
        return FALSE;
      bk_net_stanza_init (&stanza, BK_NET_REQUEST);
      stanza.text = g_strdup (text);
    }
  stanza.hand = self->hand;
  stanza.seq = self->seq;
  send (self, &stanza);
  return TRUE;
}

static void
add_verdict (BkTableGuest *self,
             guint         hand,
             gboolean      verified,
             const char   *message)
{
  BkTableVerdict verdict = { hand, verified, g_strdup (message) };

  g_array_append_val (self->verdicts, verdict);
  g_message ("Hand %u: %s", hand, message);
  g_signal_emit (self, signals[SIGNAL_VERIFIED], 0, hand, verified, message);
}

static void
verify (BkTableGuest      *self,
        const BkNetStanza *reveal)
{
  BkFairDealHand hand = { 0 };
  g_autoptr (GError) error = NULL;
  g_autofree char *full = NULL;

  if (self->broken)
    {
      add_verdict (self, reveal->hand, FALSE,
                   _("Not checked: an earlier hand failed its verification"));
      return;
    }
  hand.room = self->room;
  hand.hand_number = self->hand;
  hand.expected_hand = self->verified_hands + 1;
  memcpy (hand.commitment, self->commitment, BK_NET_SECRET_SIZE);
  hand.reveal = reveal;
  hand.own_seat = self->seat;
  hand.own_secret_known = self->secret_known;
  memcpy (hand.own_secret, self->secret, BK_NET_SECRET_SIZE);
  hand.person_seats = self->commit_persons;
  hand.own_cards = self->dealt;
  if (!self->has_commit)
    g_set_error (&error, BK_NET_ERROR, BK_NET_ERROR_VERIFY,
                 _("Hand %u was dealt without a commitment"), reveal->hand);
  else if (reveal->hand != self->hand)
    g_set_error (&error, BK_NET_ERROR, BK_NET_ERROR_VERIFY,
                 _("Hand %u was revealed while hand %u was in play"), reveal->hand, self->hand);
  if (error == NULL &&
      bk_fair_deal_verify (&hand, self->record, self->lines->str, &full, &error))
    {
      g_free (self->record);
      self->record = g_steal_pointer (&full);
      self->verified_hands++;
      add_verdict (self, reveal->hand, TRUE, _("deal and play verified"));
    }
  else
    {
      self->broken = TRUE;
      add_verdict (self, reveal->hand, FALSE, error->message);
    }
  self->has_commit = FALSE;
}

/* Payloads a guest drops: for the log (and the caller) only, never shown to a person. */
static gboolean
refuse (GError    **error,
        const char *format,
        ...) G_GNUC_PRINTF (2, 3);

static gboolean
refuse (GError    **error,
        const char *format,
        ...)
{
  va_list args;
  g_autofree char *message = NULL;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_debug ("%s", message);
  g_set_error_literal (error, BK_NET_ERROR, BK_NET_ERROR_UNEXPECTED, message);
  return FALSE;
}

/* Who sits where, for the words heard. */
static void
take_nicks (BkTableGuest      *self,
            const BkNetStanza *stanza)
{
  for (guint s = 0; s < BK_MAX_SEATS; s++)
    {
      g_free (self->nicks[s]);
      self->nicks[s] = s < stanza->n_seats ? g_strdup (stanza->seats[s].nick) : NULL;
    }
}

static gboolean
take_table (BkTableGuest      *self,
            const char        *nick,
            const BkNetStanza *stanza,
            GError           **error)
{
  if (self->host == NULL)
    {
      g_autoptr (BkGame) game = NULL;

      /* The first table names the host: the occupant who sent it must be it. */
      if (strcmp (nick, stanza->host) != 0)
        return refuse (error, "A table from %s names %s as its host", nick, stanza->host);
      game = bk_record_replay (stanza->record, NULL, NULL, NULL, error);
      if (game == NULL)
        return FALSE;
      if (bk_game_get_n_seats (game) != stanza->n_seats ||
          (self->seat != BK_SEAT_NONE && self->seat >= stanza->n_seats))
        return refuse (error, "The table does not have the seats it says");
      self->host = g_strdup (stanza->host);
      self->record = g_strdup (stanza->record);
    }
  self->person_seats = 0;
  for (guint s = 0; s < stanza->n_seats; s++)
    if (stanza->seats[s].level == NULL)
      self->person_seats |= 1u << s;
  take_nicks (self, stanza);
  /* our claim of a computer's chair is kept for the hand's end: no need to ask again */
  self->claim_waiting = self->seat != BK_SEAT_NONE && !self->seated && self->claimed &&
                        self->seat < stanza->n_seats && stanza->seats[self->seat].nick &&
                        stanza->seats[self->seat].level && !stanza->seats[self->seat].away &&
                        (self->nick == NULL ||
                         g_strcmp0 (stanza->seats[self->seat].nick, self->nick) == 0);
  if (self->claim_waiting)
    self->retry_at = 0;
  if (self->seat != BK_SEAT_NONE && !self->claimed)
    {
      self->claimed = TRUE;
      send_simple (self, BK_NET_CLAIM);
      /* until the host answers with <state/> */
      self->retry_at = now (self) + CLAIM_WAIT_US;
      schedule (self);
    }
  return TRUE;
}

void
bk_table_guest_set_nick (BkTableGuest *self,
                         const char   *nick)
{
  g_return_if_fail (BK_IS_TABLE_GUEST (self));
  g_free (self->nick);
  self->nick = g_strdup (nick);
}

gboolean
bk_table_guest_is_claim_waiting (BkTableGuest *self)
{
  g_return_val_if_fail (BK_IS_TABLE_GUEST (self), FALSE);
  return self->claim_waiting && !self->seated;
}

static void
take_state (BkTableGuest      *self,
            const BkNetStanza *stanza)
{
  g_autoptr (BkGame) game = bk_record_replay (stanza->record, NULL, NULL, NULL, NULL);
  BkHand dealt = 0;

  if (game == NULL || (stanza->text[0] && !bk_hand_parse (stanza->text, &dealt, NULL)))
    return;
  /* What we verified ourselves stays; after a restart the host's record of the finished
   * hands is taken as it is (they were public, but we did not see them). */
  if (stanza->hand != self->hand || !self->has_commit)
    {
      self->secret_known = FALSE;
      self->has_commit = stanza->has_digest;
      memcpy (self->commitment, stanza->digest, BK_NET_SECRET_SIZE);
      self->commit_persons = self->person_seats;
    }
  if (self->verified_hands + 1 != stanza->hand || g_strcmp0 (self->record, stanza->record))
    {
      g_free (self->record);
      self->record = g_strdup (stanza->record);
      self->verified_hands = stanza->hand > 0 ? stanza->hand - 1 : 0;
    }
  self->hand = stanza->hand;
  self->dealt = dealt;
  self->cards_due = 0;
  g_string_assign (self->lines, stanza->lines);
  self->seq = stanza->seq;
  self->asked_seq = G_MAXUINT;
  /* a decline the host may not have had (lost with a host killed) is sent again */
  self->declined_level = 0;
  self->seated = TRUE;
  self->resync_until = 0;
  /* the state answers whatever we would ask again */
  self->retry_at = 0;
  schedule (self);
  /* the deal waits for our secret (sent again: the first may have been refused) */
  if (self->has_commit && dealer_line (self->lines->str) == NULL)
    send_secret (self);
  rebuild_world (self);
  g_debug ("State of hand %u at line %u: %s", self->hand, self->seq,
           self->world ? "in play" : "no world");
  maybe_act (self);
}

gboolean
bk_table_guest_handle (BkTableGuest        *self,
                       const char          *nick,
                       const BkXmppElement *payload,
                       gboolean             private,
                       GError             **error)
{
  g_auto (BkNetStanza) stanza = { 0 };

  g_return_val_if_fail (BK_IS_TABLE_GUEST (self), FALSE);
  g_return_val_if_fail (nick != NULL && payload != NULL, FALSE);

  memset (&stanza, 0, sizeof stanza);
  if (!bk_net_stanza_parse (payload, BK_NET_MAX_PAYLOAD_BYTES, &stanza, error))
    return FALSE;
  if (stanza.kind == BK_NET_TABLE)
    return take_table (self, nick, &stanza, error);
  /* Only the host speaks for the table. */
  if (self->host == NULL || strcmp (nick, self->host) != 0)
    return refuse (error, "<%s/> from %s, who is not the host",
                   bk_net_kind_name (stanza.kind), nick);
  set_host_away (self, FALSE);
  /* the host speaks: what we sent was heard, or is answered by what comes */
  self->quiet_at = 0;
  switch (stanza.kind)
    {
    case BK_NET_COMMIT:
      self->hand = stanza.hand;
      self->has_commit = TRUE;
      memcpy (self->commitment, stanza.digest, BK_NET_SECRET_SIZE);
      self->commit_persons = self->person_seats;
      self->dealt = 0;
      self->cards_due = 0;
      self->secret_known = FALSE;
      g_string_truncate (self->lines, 0);
      self->seq = 0;
      self->asked_seq = G_MAXUINT;
      self->declined_level = 0;
      g_clear_object (&self->world);
      send_secret (self);
      break;
    case BK_NET_HAND:
      if (!private || stanza.seat != self->seat || stanza.hand != self->hand ||
          !bk_hand_parse (stanza.text, &self->dealt, NULL))
        return refuse (error, "Cards not meant for us");
      self->cards_due = 0;
      rebuild_world (self);
      maybe_act (self);
      break;
    case BK_NET_LINE:
    case BK_NET_ACTION:
      if (private)
        return refuse (error, "A line in private");
      if (stanza.hand != self->hand || stanza.seq != self->seq)
        {
          /* a line (or the commitment of its hand) missed: ask for the table again */
          if (stanza.hand > self->hand || (stanza.hand == self->hand && stanza.seq > self->seq))
            ask_resync (self);
          return refuse (error, "Line %u of hand %u came where line %u of hand %u was due",
                         stanza.seq, stanza.hand, self->seq, self->hand);
        }
      g_string_append_printf (self->lines, "%s\n", stanza.text);
      self->seq++;
      /* the deal is out: our cards come next, unless they were lost on the way */
      if (self->seat != BK_SEAT_NONE && self->dealt == 0 && self->cards_due == 0 &&
          g_str_has_prefix (stanza.text, "dealer "))
        {
          self->cards_due = now (self) + QUIET_US;
          schedule (self);
        }
      self->retries = 0;
      self->retried_late = FALSE;
      g_signal_emit (self, signals[SIGNAL_LINE], 0, stanza.text);
      rebuild_world (self);
      maybe_act (self);
      break;
    case BK_NET_REFUSED:
      g_message ("The host refused: %s (%s)", stanza.text, stanza.code);
      g_signal_emit (self, signals[SIGNAL_REFUSED], 0, stanza.code, stanza.text);
      /* A stanza for an older line, when we have asked at this one since: what we asked
       * now is on its way, and asking again would only be refused too. */
      if (strcmp (stanza.code, "replayed") == 0 && stanza.hand == self->hand &&
          stanza.seq == self->seq && self->asked_seq == self->seq)
        {
          self->declined_level = 0;
          break;
        }
      /* The next line asks us again (a missed one shows as a gap); when we have seen
       * every line, we ask again now, a few times at most. */
      self->asked_seq = G_MAXUINT;
      /* a decline that came too late did not count: the offer is still ours to answer */
      if (strcmp (stanza.code, "replayed") == 0)
        self->declined_level = 0;
      /* a flood refusal says nothing of the stanza: the host did not read it; and the
       * table must not stall at a refusal, so a moment later we ask again */
      if (strcmp (stanza.code, "flood") == 0)
        retry_later (self);
      else if (strcmp (stanza.code, "seat-taken") == 0 && !self->seated)
        {
          /* the seat is not ours: we stop claiming it */
          self->retry_at = 0;
          self->claim_waiting = FALSE;
          schedule (self);
        }
      else if (stanza.hand == self->hand && stanza.seq == self->seq)
        {
          if (self->retries++ < 3)
            {
              rebuild_world (self);
              maybe_act (self);
            }
          else if (!self->retried_late)
            {
              self->retried_late = TRUE;
              retry_later (self);
            }
        }
      break;
    case BK_NET_REVEAL:
      if (private)
        return refuse (error, "A reveal must go to the whole room");
      /* a host started again may reveal the hand we verified once more; a hand dealt
       * again comes with a commitment of its own */
      if (stanza.hand > 0 && stanza.hand <= self->verified_hands)
        return refuse (error, "Hand %u was revealed already", stanza.hand);
      /* a claimant came during the hand and did not see it dealt: its <state/> gives it
       * the record from the next hand on (section 3.14) */
      if (self->seat != BK_SEAT_NONE && !self->seated)
        return refuse (error, "Hand %u was played before we sat", stanza.hand);
      verify (self, &stanza);
      g_clear_object (&self->world);
      break;
    case BK_NET_STATE:
      if (!private || stanza.seat != self->seat)
        return refuse (error, "A state not meant for us");
      take_state (self, &stanza);
      break;
    case BK_NET_WAIT:
      g_signal_emit (self, signals[SIGNAL_WAITING], 0, stanza.seat, stanza.seconds);
      break;
    case BK_NET_END:
      self->finished = TRUE;
      g_signal_emit (self, signals[SIGNAL_FINISHED], 0);
      break;
    default:
      return refuse (error, "The host does not send <%s/>", bk_net_kind_name (stanza.kind));
    }
  return TRUE;
}

/* --- free words (docs/network.md, 3.13) --- */

gboolean
bk_table_guest_say (BkTableGuest  *self,
                    const char    *text,
                    GError       **error)
{
  g_autofree char *line = NULL;

  g_return_val_if_fail (BK_IS_TABLE_GUEST (self) && text != NULL, FALSE);

  line = bk_net_words_clean (text, error);
  if (line == NULL)
    return FALSE;
  if (!self->say_paced)
    {
      bk_net_bucket_init (&self->say_pace, BK_NET_WORDS_BURST, BK_NET_WORDS_PER_SECOND,
                          now (self));
      self->say_paced = TRUE;
    }
  /* at the others' cap, so that what we say is never dropped by them */
  if (!bk_net_bucket_take (&self->say_pace, now (self)))
    {
      g_set_error_literal (error, BK_NET_ERROR, BK_NET_ERROR_FLOOD,
                           _("You are talking faster than the table can listen: wait a "
                             "moment"));
      return FALSE;
    }
  g_signal_emit (self, signals[SIGNAL_SEND], 0, NULL, line, NULL, FALSE);
  /* the room's echo of our own words is not passed to us: we hear them now */
  g_signal_emit (self, signals[SIGNAL_WORDS], 0, NULL, (guint) self->seat, line);
  return TRUE;
}

gboolean
bk_table_guest_hear (BkTableGuest  *self,
                     const char    *nick,
                     const char    *body,
                     GError       **error)
{
  g_autofree char *line = NULL;
  guint chair = BK_SEAT_NONE;

  g_return_val_if_fail (BK_IS_TABLE_GUEST (self) && nick != NULL && body != NULL, FALSE);

  if (self->heard_rate == NULL)
    self->heard_rate = bk_net_words_rate_new ();
  if (!bk_net_words_rate_take (self->heard_rate, nick, now (self)))
    {
      g_set_error (error, BK_NET_ERROR, BK_NET_ERROR_FLOOD,
                   "%s says too much too fast: words dropped", nick);
      return FALSE;
    }
  line = bk_net_words_heard (body);
  if (line == NULL)
    return refuse (error, "Words from %s with nothing to show", nick);
  for (guint s = 0; s < BK_MAX_SEATS; s++)
    if (g_strcmp0 (self->nicks[s], nick) == 0)
      chair = s;
  g_signal_emit (self, signals[SIGNAL_WORDS], 0, nick, chair, line);
  return TRUE;
}
