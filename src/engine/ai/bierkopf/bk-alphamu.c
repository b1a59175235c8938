/* bk-alphamu.c: αμ over the worlds of an information set (see bk-alphamu.h).
 *
 * Vectors hold the card points the searching player's team ends the hand with, one byte
 * per world of the node's set. At his own cards the fronts of his choices are united; at
 * another player's card each world goes down the card played in it, and the fronts of
 * those cards are combined world by world (the opponents take the least, the partner the
 * most; a plan of his may differ after each of their cards, because he sees it). A vector
 * beaten or equalled in every world by another is dropped; past FRONT_MAX vectors the
 * best on weighted average are kept.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ai"

#include "config.h"

#include <string.h>

#include "bk-alphamu.h"

#define FRONT_MAX 16

typedef struct {
  guint   n;      /* entries per vector: the worlds of the node */
  guint   len;    /* vectors */
  guint   cap;
  guint8 *v;
} Front;

typedef struct {
  BkSolver          *solver;
  const BkInfoSet   *info;
  const BkGameRules *game;
  const BkWorld     *worlds;
  const double      *weights;
  BkTeam             team;
} Search;

/* What the worlds have in common at a node: the cards played since the root. */
typedef struct {
  BkTrick trick;
  BkHand  played;     /* played since the root, gone from every hand */
  guint   points;     /* card points of the searching team by now */
  guint   left;       /* cards in all hands */
} Node;

static void
front_init (Front *f,
            guint  n)
{
  f->n = MAX (n, 1);
  f->len = 0;
  f->cap = 4;
  f->v = g_malloc ((gsize) f->cap * f->n);
}

static guint8 *
front_push (Front *f)
{
  if (f->len == f->cap)
    {
      f->cap *= 2;
      f->v = g_realloc (f->v, (gsize) f->cap * f->n);
    }
  return f->v + (gsize) f->len++ * f->n;
}

static inline guint8 *
front_at (const Front *f,
          guint        i)
{
  return f->v + (gsize) i * f->n;
}

static void
front_clear (Front *f)
{
  g_clear_pointer (&f->v, g_free);
  f->len = 0;
}

static inline gboolean
dominates (const guint8 *a,
           const guint8 *b,
           guint         n)
{
  for (guint i = 0; i < n; i++)
    if (a[i] < b[i])
      return FALSE;
  return TRUE;
}

static double
mean (const Search *s,
      const guint  *ws,
      const guint8 *v,
      guint         n)
{
  double sum = 0;

  for (guint i = 0; i < n; i++)
    sum += s->weights[ws[i]] * v[i];
  return sum;
}

/* Drops the vectors another one equals or beats in every world, then all but the
 * FRONT_MAX best on average. */
static void
front_reduce (const Search *s,
              Front        *f,
              const guint  *ws)
{
  g_autofree gboolean *keep = g_new (gboolean, f->len);
  guint kept = 0;

  for (guint i = 0; i < f->len; i++)
    {
      keep[i] = TRUE;
      for (guint j = 0; j < f->len && keep[i]; j++)
        if (j != i && dominates (front_at (f, j), front_at (f, i), f->n) &&
            (j < i || !dominates (front_at (f, i), front_at (f, j), f->n)))
          keep[i] = FALSE;
    }
  for (guint i = 0; i < f->len; i++)
    if (keep[i])
      {
        if (kept != i)
          memcpy (front_at (f, kept), front_at (f, i), f->n);
        kept++;
      }
  f->len = kept;

  while (f->len > FRONT_MAX)
    {
      guint worst = 0;
      double worst_mean = mean (s, ws, front_at (f, 0), f->n);

      for (guint i = 1; i < f->len; i++)
        {
          double m = mean (s, ws, front_at (f, i), f->n);

          if (m < worst_mean)
            {
              worst = i;
              worst_mean = m;
            }
        }
      memmove (front_at (f, worst), front_at (f, worst + 1),
               (gsize) (f->len - worst - 1) * f->n);
      f->len--;
    }
}

static void
play (const Search *s,
      const Node   *node,
      BkCard        card,
      Node         *child)
{
  *child = *node;
  child->trick.cards[child->trick.n++] = card;
  child->played |= BK_HAND_BIT (card);
  child->left--;
  if (child->trick.n == BK_N_SEATS)
    {
      BkSeat winner = (child->trick.leader + bk_trick_winner (s->game, &child->trick)) & 3;

      if (bk_seat_team (winner) == s->team)
        child->points += bk_trick_points (s->game, &child->trick);
      child->trick = (BkTrick) { .leader = winner };
    }
}

/* Past the plan: each world solved exactly, all cards open. */
static void
leaf (const Search *s,
      const Node   *node,
      const guint  *ws,
      guint         n,
      Front        *out)
{
  guint8 *v = front_push (out);
  guint rest = bk_trick_points (s->game, &node->trick);
  BkHand left = 0;

  for (guint k = 0; k < BK_N_SEATS; k++)
    left |= s->worlds[ws[0]].hands[k] & ~node->played;
  for (; left; left &= left - 1)
    rest += s->game->points[bk_hand_first (left)];

  for (guint i = 0; i < n; i++)
    {
      BkHand hands[BK_N_SEATS];
      guint sn;

      for (guint k = 0; k < BK_N_SEATS; k++)
        hands[k] = s->worlds[ws[i]].hands[k] & ~node->played;
      sn = bk_solver_solve (s->solver, hands, &node->trick, NULL);
      v[i] = (guint8) (node->points + (s->team == BK_TEAM_SN ? sn : rest - sn));
    }
}

static void search (const Search *s, const Node *node, const guint *ws, guint n,
                    guint depth, Front *out);

/* The searching player's card: the same in every world; his choice is the union. */
static void
own_card (const Search *s,
          const Node   *node,
          const guint  *ws,
          guint         n,
          guint         depth,
          Front        *out)
{
  BkHand hand = s->info->own & ~node->played;
  BkHand legal = bk_legal_moves (s->game, &s->info->rules, hand, &node->trick);

  for (; legal; legal &= legal - 1)
    {
      Node child;
      Front f;

      play (s, node, bk_hand_first (legal), &child);
      search (s, &child, ws, n, depth - 1, &f);
      for (guint i = 0; i < f.len; i++)
        memcpy (front_push (out), front_at (&f, i), n);
      front_clear (&f);
    }
  front_reduce (s, out, ws);
}

/* Another player's card: in each world the one best for his team there. */
static void
other_card (const Search *s,
            const Node   *node,
            BkSeat        seat,
            const guint  *ws,
            guint         n,
            guint         depth,
            Front        *out)
{
  gboolean partner = bk_seat_team (seat) == s->team;
  g_autofree BkHand *legal = g_new (BkHand, n);
  g_autofree guint *sub = g_new (guint, n);
  g_autofree guint *index = g_new (guint, n);
  BkHand any = 0;

  for (guint i = 0; i < n; i++)
    {
      BkHand hand = s->worlds[ws[i]].hands[seat] & ~node->played;

      legal[i] = bk_legal_moves (s->game, &s->info->rules, hand, &node->trick);
      any |= legal[i];
    }

  /* Worlds no card has reached yet hold the neutral value of the combination. */
  memset (front_push (out), partner ? 0 : 0xff, n);
  for (; any; any &= any - 1)
    {
      BkCard card = bk_hand_first (any);
      guint m = 0;
      Node child;
      Front f, next;

      for (guint i = 0; i < n; i++)
        if (bk_hand_has (legal[i], card))
          {
            sub[m] = ws[i];
            index[m++] = i;
          }
      play (s, node, card, &child);
      search (s, &child, sub, m, depth, &f);

      front_init (&next, n);
      for (guint r = 0; r < out->len; r++)
        for (guint u = 0; u < f.len; u++)
          {
            guint8 *v = front_push (&next);
            const guint8 *w = front_at (&f, u);

            memcpy (v, front_at (out, r), n);
            for (guint k = 0; k < m; k++)
              v[index[k]] = partner ? MAX (v[index[k]], w[k]) : MIN (v[index[k]], w[k]);
          }
      front_clear (&f);
      front_clear (out);
      *out = next;
      front_reduce (s, out, ws);
    }
}

static void
search (const Search *s,
        const Node   *node,
        const guint  *ws,
        guint         n,
        guint         depth,
        Front        *out)
{
  BkSeat seat = (node->trick.leader + node->trick.n) & 3;

  front_init (out, n);
  if (node->left == 0)
    memset (front_push (out), (int) node->points, n);
  else if (seat != s->info->seat)
    other_card (s, node, seat, ws, n, depth, out);
  else if (depth == 0)
    leaf (s, node, ws, n, out);
  else
    own_card (s, node, ws, n, depth, out);
}

/* The value of each legal card of the player to act in @info (card order, as in
 * BkCardValues): the best weighted mean of its front, his team's card points from here
 * plus @lines_weight per line the hand is then worth, like bk_card_values_add_shaped().
 * @depth counts his cards searched as one over the worlds, this one included; with 1 the
 * values are PIMC's. */
void
bk_alphamu_values (BkSolver        *solver,
                   const BkInfoSet *info,
                   const BkWorld   *worlds,
                   const double    *weights,
                   guint            n_worlds,
                   guint            depth,
                   double           lines_weight,
                   BkCardValues    *values)
{
  Search s = {
    .solver = solver,
    .info = info,
    .game = info->game,
    .worlds = worlds,
    .weights = weights,
    .team = bk_seat_team (info->seat),
  };
  Node root = { .trick = info->trick, .points = info->points[s.team] };
  g_autofree guint *all = g_new (guint, MAX (n_worlds, 1));
  double shaped[256];
  BkHand legal;

  g_return_if_fail (depth >= 1 && n_worlds > 0);

  bk_card_values_clear (values);
  for (guint k = 0; k < BK_N_SEATS; k++)
    root.left += info->n_held[k];
  for (guint i = 0; i < n_worlds; i++)
    {
      all[i] = i;
      values->weight += weights[i];
    }
  /* What ending with p card points is worth, counted from here (p never falls below
   * the points taken already). */
  for (guint p = 0; p < G_N_ELEMENTS (shaped); p++)
    shaped[p] = p < info->points[s.team] ? 0 :
                bk_card_value_shaped (info, MIN (p, 120) - info->points[s.team], lines_weight);

  legal = bk_legal_moves (info->game, &info->rules, info->own, &info->trick);
  for (; legal && values->n < BK_MAX_HAND; legal &= legal - 1)
    {
      BkCard card = bk_hand_first (legal);
      double best = -G_MAXDOUBLE;
      Node child;
      Front f;

      play (&s, &root, card, &child);
      search (&s, &child, all, n_worlds, depth - 1, &f);
      for (guint i = 0; i < f.len; i++)
        {
          const guint8 *v = front_at (&f, i);
          double sum = 0;

          for (guint w = 0; w < n_worlds; w++)
            sum += weights[w] * shaped[v[w]];
          best = MAX (best, sum);
        }
      front_clear (&f);
      values->cards[values->n] = card;
      values->value[values->n++] = best;
    }
}
