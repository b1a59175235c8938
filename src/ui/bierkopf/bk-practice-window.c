/* bk-practice-window.c: the practice hand: the table with a hand against the computer
 * players, and the panel with the Meister's advice (on request) and the comments.
 *
 * The Meister's advice for each of the person's cards is worked out on a worker thread as
 * soon as it is the person's turn, whether asked for or not: the comment after the trick
 * needs it. The table talk and the doublings are passed for every seat: the practice is
 * the card play.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "bk-practice-window.h"
#include "bk-bierkopf-game.h"
#include "bk-card-view.h"
#include "bk-computer-players.h"
#include "bk-error.h"
#include "bk-game-query.h"
#include "bk-levels.h"
#include "bk-bierkopf-query.h"
#include "bk-bierkopf-view.h"
#include "bk-played-hand.h"
#include "bk-practice-text.h"
#include "bk-settings.h"
#include "bk-side-panel.h"

/* The computer players: the level the app's table plays by default. */
#define PRACTICE_LEVEL "pimc"

struct _BkPracticeWindow
{
  AdwWindow     parent_instance;

  BkTable      *table;
  GtkLabel     *advice_label;
  GtkLabel     *comment_label;
  GtkLabel     *talk_label;   /* what was said at the table this hand */
  GString      *talk;
  GtkButton    *why;
  GtkButton    *again;
  GtkWidget    *choices;    /* the words, Spritze or pass, Retour, as buttons (a GtkGrid) */
  guint         n_choices;
  BkOptions     options;    /* what the choices' buttons take */
  GtkWidget    *body;
  GtkWidget    *separator;
  GtkWidget    *panel;
  GSettings    *settings;
  BkGame       *game;
  guint64       seed;
  guint         hands;      /* dealt so far, for the next seed */
  BkComputerPlayers *players; /* the others, thinking off the main thread, at the table's
                                * pace */
  double        speed;      /* their pace: 1 the table's, 0 none (tests) */
  BkSidePanel   layout;
  GCancellable *cancellable;

  /* the advice for the person's decision at advice_at (a moment of the hand): a card's, or
   * a word's or a doubling's (say) */
  gboolean      thinking;
  gboolean      have_advice;
  guint         advice_at;
  gboolean      have_say;
  guint         say_at;
  BkAdvice      advice;
  BkSayAdvice   say;
  gboolean      show_why;
  /* the person's word or doubling, for the comment once its advice is known */
  gboolean      said_pending;
  BkAction      said;
  guint         said_at;
  /* the person's card waiting for its trick to end, for the comment */
  BkCard        played;
  guint         played_at;
  guint         played_trick;
};

G_DEFINE_FINAL_TYPE (BkPracticeWindow, bk_practice_window, ADW_TYPE_WINDOW)

/* What the person is asked now. */
typedef enum {
  TURN_NONE,
  TURN_CARD,   /* a card (a Retour may come with it) */
  TURN_SAY,    /* a word of the talk, or Spritze or pass (spec B3.1-B3.3) */
  TURN_OFFER,  /* the game waits: Retour or not (spec B3.6) */
} Turn;

static void advance (BkPracticeWindow *self);
static void request_advice (BkPracticeWindow *self);

/* A moment of the hand: it changes with each action (and each deal). */
static guint
moment_of (BkPracticeWindow *self)
{
  return bk_game_get_generation (self->game);
}

static void
set_label (GtkLabel   *label,
           const char *text)
{
  gtk_label_set_text (label, text ? text : "");
  gtk_widget_set_visible (GTK_WIDGET (label), text != NULL && *text);
  /* A screen reader hears it at once. */
  if (text != NULL && *text)
    gtk_accessible_update_property (GTK_ACCESSIBLE (label),
                                    GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text, -1);
}

static Turn
persons_turn_kind (BkPracticeWindow *self)
{
  BkPhase phase = bk_game_get_phase (self->game);

  if (phase == BK_PHASE_BIDDING)
    return bk_game_get_to_act (self->game) == BK_PRACTICE_PERSON ? TURN_SAY : TURN_NONE;
  if (phase != BK_PHASE_PLAYING)
    return TURN_NONE;
  if (bk_game_get_waiting_for (self->game) == BK_PRACTICE_PERSON)
    return TURN_OFFER;
  return bk_game_get_to_act (self->game) == BK_PRACTICE_PERSON ? TURN_CARD : TURN_NONE;
}

/* A card or a word of the person's is due, one the Meister advises on. */
static gboolean
persons_turn (BkPracticeWindow *self)
{
  Turn turn = persons_turn_kind (self);

  return turn != TURN_NONE;
}

/* Whether the advice for the decision due now is worked out. */
static gboolean
advice_ready (BkPracticeWindow *self)
{
  Turn turn = persons_turn_kind (self);
  guint now = moment_of (self);

  if (turn == TURN_CARD)
    return self->have_advice && self->advice_at == now;
  return turn != TURN_NONE && self->have_say && self->say_at == now;
}

/* The panel's first line: the advice when asked for and ready, or what to do. */
static void
show_advice (BkPracticeWindow *self)
{
  Turn turn = persons_turn_kind (self);
  gboolean ready = advice_ready (self);

  gtk_widget_set_sensitive (GTK_WIDGET (self->why), persons_turn (self) && !self->show_why);
  if (!persons_turn (self))
    set_label (self->advice_label, NULL);
  else if (self->show_why && ready)
    {
      g_autofree char *text = turn != TURN_CARD ? bk_practice_say_advice_text (&self->say)
                                                : bk_practice_advice_text (&self->advice);

      set_label (self->advice_label, text);
    }
  else if (self->show_why)
    set_label (self->advice_label, _("The Meister is thinking…"));
  else if (turn == TURN_OFFER)
    /* Translators: the practice hand's panel when the person may answer the other team's
     * Spritze (spec B3.6) */
    set_label (self->advice_label, _("The other team doubled: you may double again with "
                                     "Retour, or play on. Press “Why?” to hear what the "
                                     "Meister would do, and why."));
  else if (turn == TURN_SAY)
    /* Translators: the practice hand's panel when it is the person's word or doubling */
    set_label (self->advice_label, _("Your turn to talk. Press “Why?” to hear what the "
                                     "Meister would say, and why."));
  else
    /* Translators: the practice hand's panel when it is the person's turn */
    set_label (self->advice_label, _("Your card. Press “Why?” to hear what the Meister "
                                     "would play, and why."));
}

/* The comment once the trick of the person's card is over and its advice known. */
static void
try_comment (BkPracticeWindow *self)
{
  BkReasonComment comment;
  g_autofree char *text = NULL;

  if (self->played == BK_CARD_NONE || !self->have_advice || self->advice_at != self->played_at
      || bk_game_get_tricks_done (self->game) <= self->played_trick)
    return;
  bk_reason_comment (&self->advice, self->played, &comment);
  text = bk_practice_comment_text (&comment);
  set_label (self->comment_label, text);
  self->played = BK_CARD_NONE;
}

/* The comment on the person's word or doubling, once its advice is known. */
static void
try_say_comment (BkPracticeWindow *self)
{
  g_autofree char *text = NULL;

  if (!self->said_pending || !self->have_say || self->say_at != self->said_at)
    return;
  text = bk_practice_say_comment_text (&self->say, &self->said);
  set_label (self->comment_label, text);
  self->said_pending = FALSE;
}

typedef struct {
  BkPlayedHand *hand;
  guint         moment;
  guint64       seed;
  gboolean      say;
  BkAdvice      advice;
  BkSayAdvice   say_advice;
} Job;

static void
job_free (gpointer data)
{
  Job *job = data;

  g_clear_pointer (&job->hand, bk_played_hand_free);
  g_free (job);
}

static void
advise_thread (GTask        *task,
               gpointer      source,
               gpointer      data,
               GCancellable *cancellable)
{
  Job *job = data;
  GError *error = NULL;

  if (job->say ? bk_played_hand_advise_say (job->hand, BK_PRACTICE_PERSON, job->seed,
                                             &job->say_advice, &error)
              : bk_played_hand_advise (job->hand, BK_PRACTICE_PERSON, job->seed, &job->advice,
                                       &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

static void
advised_cb (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  BkPracticeWindow *self = BK_PRACTICE_WINDOW (source);
  Job *job = g_task_get_task_data (G_TASK (result));
  g_autoptr (GError) error = NULL;

  if (!g_task_propagate_boolean (G_TASK (result), &error))
    {
      /* a cancelled job belongs to a hand dealt over */
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          g_warning ("practice: %s", error->message);
          self->thinking = FALSE;
        }
      return;
    }
  self->thinking = FALSE;
  if (job->say)
    {
      self->say = job->say_advice;
      self->say_at = job->moment;
      self->have_say = TRUE;
    }
  else
    {
      self->advice = job->advice;
      self->advice_at = job->moment;
      self->have_advice = TRUE;
    }
  try_comment (self);
  try_say_comment (self);
  /* the advice came after the person's card: the next one may be due already */
  if (persons_turn (self))
    request_advice (self);
  show_advice (self);
}

static void
request_advice (BkPracticeWindow *self)
{
  g_autoptr (GTask) task = NULL;
  Job *job;

  if (self->thinking || !persons_turn (self) || advice_ready (self))
    return;
  job = g_new0 (Job, 1);
  job->hand = bk_played_hand_new_from_game (self->game);
  job->moment = moment_of (self);
  job->say = persons_turn_kind (self) != TURN_CARD;
  job->seed = self->seed + self->hands;
  self->thinking = TRUE;
  task = g_task_new (self, self->cancellable, advised_cb, NULL);
  g_task_set_task_data (task, job, job_free);
  g_task_run_in_thread (task, advise_thread);
}

static void
hand_over (BkPracticeWindow *self)
{
  const BkHandResult *result = bk_bierkopf_game_get_last_result (self->game);
  guint ours = result ? result->points[bk_seat_team (BK_PRACTICE_PERSON)] : 0;
  g_autofree char *text = NULL;

  /* Translators: the practice hand's end; %u is card points */
  text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "The hand is over: your team took %u card point of 120.",
                                       "The hand is over: your team took %u card points of 120.",
                                       ours), ours);
  set_label (self->advice_label, text);
  gtk_widget_set_visible (GTK_WIDGET (self->again), TRUE);
  gtk_widget_set_sensitive (GTK_WIDGET (self->why), FALSE);
  gtk_widget_grab_focus (GTK_WIDGET (self->again));
}

static void choice_clicked_cb (GtkButton        *button,
                               BkPracticeWindow *self);

static void
add_choice (BkPracticeWindow *self,
            const char       *label,
            guint             index)
{
  GtkWidget *button = gtk_button_new_with_mnemonic (label);
  GtkWidget *text = gtk_button_get_child (GTK_BUTTON (button));

  /* two to a line even at 360 px: a long word goes on two lines, never cut */
  if (GTK_IS_LABEL (text))
    {
      gtk_label_set_wrap (GTK_LABEL (text), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (text), PANGO_WRAP_WORD_CHAR);
      gtk_label_set_justify (GTK_LABEL (text), GTK_JUSTIFY_CENTER);
    }

  g_object_set_data (G_OBJECT (button), "bk-choice", GUINT_TO_POINTER (index));
  g_signal_connect (button, "clicked", G_CALLBACK (choice_clicked_cb), self);
  gtk_widget_set_hexpand (button, TRUE);
  /* two to a line, each column as wide as its longest word */
  gtk_grid_attach (GTK_GRID (self->choices), button, self->n_choices % 2, self->n_choices / 2,
                   1, 1);
  self->n_choices++;
}

/* The buttons of what the person may say now: the words and the doublings the engine
 * offers (bk_bierkopf_game_get_options()), and No Retour while the game waits. */
static void
fill_choices (BkPracticeWindow *self,
              Turn              turn)
{
  GtkWidget *child;
  gboolean any = FALSE;

  while ((child = gtk_widget_get_first_child (self->choices)) != NULL)
    gtk_grid_remove (GTK_GRID (self->choices), child);
  self->n_choices = 0;
  bk_options_clear (&self->options);
  if (turn != TURN_NONE)
    bk_bierkopf_game_get_options (self->game, BK_PRACTICE_PERSON, &self->options);
  for (guint i = 0; i < self->options.n; i++)
    {
      const BkOption *option = &self->options.options[i];

      if (option->action.type == BK_ACTION_PLAY || !option->legal)
        continue;
      add_choice (self, option->label, i + 1);
      any = TRUE;
    }
  if (turn == TURN_OFFER)
    {
      /* Translators: the practice hand's button that lets the Retour pass (spec B3.6) */
      add_choice (self, _("_No Retour"), 0);
      any = TRUE;
    }
  gtk_widget_set_visible (self->choices, any);
}

/* Where the keys go: the first choice when a word is asked, the hand otherwise. */
static void
focus_turn (BkPracticeWindow *self)
{
  GtkWidget *first = gtk_widget_get_first_child (self->choices);
  Turn turn = persons_turn_kind (self);

  if ((turn == TURN_SAY || turn == TURN_OFFER) && first != NULL)
    gtk_widget_grab_focus (first);
  else if (bk_game_get_phase (self->game) == BK_PHASE_PLAYING
           || bk_game_get_phase (self->game) == BK_PHASE_BIDDING)
    bk_table_focus_hand (self->table);
}

/* Whoever is to act next: the person (advice on its way), a computer player (the
 * computer players act by themselves, when the table has shown what came before), or the
 * hand's end. */
static void
advance (BkPracticeWindow *self)
{
  BkPhase phase = bk_game_get_phase (self->game);
  Turn turn;

  if (phase != BK_PHASE_BIDDING && phase != BK_PHASE_PLAYING)
    {
      try_comment (self);
      fill_choices (self, TURN_NONE);
      hand_over (self);
      return;
    }
  turn = persons_turn_kind (self);
  fill_choices (self, turn);
  if (turn != TURN_NONE)
    {
      request_advice (self);
      show_advice (self);
      return;
    }
  show_advice (self);
}

/* Every action the game took, the computer players' too: the panel follows. */
static void
acted_cb (BkPracticeWindow *self)
{
  try_comment (self);
  advance (self);
}

static gint64
table_busy (gpointer user_data)
{
  return bk_table_get_busy_until (BK_TABLE (user_data));
}

static void
choice_clicked_cb (GtkButton        *button,
                   BkPracticeWindow *self)
{
  guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "bk-choice"));
  Turn turn = persons_turn_kind (self);
  guint at = moment_of (self);
  g_autoptr (GError) error = NULL;

  if (turn == TURN_NONE || index > self->options.n)
    return;
  if (index == 0)
    {
      bk_game_decline_offer (self->game, BK_PRACTICE_PERSON);
      self->said = bk_action_make (BK_ACTION_PASS, BK_PRACTICE_PERSON, 0);
      self->said_at = at;
      self->said_pending = TRUE;
    }
  else
    {
      BkAction action = self->options.options[index - 1].action;

      if (!bk_game_apply (self->game, &action, &error))
        {
          /* the engine's reason, with its rule */
          set_label (self->comment_label, error->message);
          return;
        }
      if (turn == TURN_SAY || turn == TURN_OFFER)
        {
          self->said = action;
          self->said_at = at;
          self->said_pending = TRUE;
        }
    }
  self->show_why = FALSE;
  set_label (self->comment_label, NULL);
  try_say_comment (self);
  advance (self);
  focus_turn (self);
}

/* A word or a doubling said at the table: in its speaker's bubble, and on the panel's
 * line of what was said this hand (a bubble goes, and a screen reader hears the line). */
static void
said (BkPracticeWindow *self,
      BkSeat            seat,
      const char       *text)
{
  g_autofree char *line = NULL;

  bk_table_say (self->table, seat, text);
  if (self->talk->len > 0)
    /* Translators: between the words said at the table, in the practice hand's panel */
    g_string_append (self->talk, _(" · "));
  /* Translators: a word said at the table: %1$s the player ("West"), %2$s the word */
  g_string_append_printf (self->talk, _("%1$s: %2$s"), bk_seat_display_name (seat), text);
  /* Translators: the practice hand's line of what was said at the table this hand */
  line = g_strdup_printf (_("Said at the table: %s"), self->talk->str);
  set_label (self->talk_label, line);
}

static void
talk_said_cb (BkPracticeWindow *self,
              guint             seat,
              guint             word)
{
  said (self, (BkSeat) seat, bk_word_display ((BkWord) word));
}

static void
passed_cb (BkPracticeWindow *self,
           guint             seat)
{
  said (self, (BkSeat) seat, _("Pass!"));
}

static void
doubled_cb (BkPracticeWindow *self,
            guint             seat,
            guint             multiplier)
{
  g_autofree char *text = bk_bierkopf_view_doubling_text (multiplier);

  said (self, (BkSeat) seat, text);
}

static void
card_activated_cb (BkPracticeWindow *self,
                   guint             card)
{
  guint at, trick;
  g_autoptr (GError) error = NULL;

  /* spec B3.6: a card clicked while the Retour is offered lets it pass, as at the table */
  if (persons_turn_kind (self) == TURN_OFFER)
    {
      bk_game_decline_offer (self->game, BK_PRACTICE_PERSON);
      if (persons_turn_kind (self) != TURN_CARD)
        {
          advance (self);
          return;
        }
    }
  if (persons_turn_kind (self) == TURN_NONE)
    return;
  at = moment_of (self);
  trick = bk_game_get_tricks_done (self->game);
  if (!bk_game_play (self->game, BK_PRACTICE_PERSON, (BkCard) card, &error))
    {
      /* the engine's reason, with its rule */
      set_label (self->comment_label, error->message);
      return;
    }
  self->played = (BkCard) card;
  self->played_at = at;
  self->played_trick = trick;
  self->show_why = FALSE;
  set_label (self->comment_label, NULL);
  try_comment (self);
  advance (self);
}

static void
why_clicked_cb (BkPracticeWindow *self)
{
  bk_practice_window_why (self);
}

static void
again_clicked_cb (BkPracticeWindow *self)
{
  bk_practice_window_new_hand (self);
}

/* Deals a new hand (the next of the window's seed) and passes the talk and doublings. */
void
bk_practice_window_new_hand (BkPracticeWindow *self)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (BkGame) game = NULL;
  BkRules rules;

  g_return_if_fail (BK_IS_PRACTICE_WINDOW (self));

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  self->cancellable = g_cancellable_new ();
  self->talk = g_string_new (NULL);
  if (self->players != NULL)
    bk_computer_players_cancel (self->players);
  g_clear_object (&self->players);
  self->thinking = self->have_advice = self->have_say = FALSE;
  self->show_why = self->said_pending = FALSE;
  self->played = BK_CARD_NONE;

  bk_rules_init_default (&rules);
  game = bk_game_new (&rules, self->seed + ++self->hands);
  for (BkSeat seat = 1; seat < BK_N_SEATS; seat++)
    {
      g_autoptr (BkStrategy) strategy = bk_strategy_new_for_level (BK_GAME_BIERKOPF,
                                                                   PRACTICE_LEVEL, &error);

      if (strategy == NULL)
        {
          g_warning ("practice: %s", error->message);
          return;
        }
      bk_game_set_strategy (game, seat, strategy);
    }
  if (!bk_game_start (game, &error))
    {
      g_warning ("practice: %s", error->message);
      return;
    }
  g_signal_connect_object (game, "talk-said", G_CALLBACK (talk_said_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (game, "passed", G_CALLBACK (passed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (game, "doubled", G_CALLBACK (doubled_cb), self, G_CONNECT_SWAPPED);
  g_string_truncate (self->talk, 0);
  set_label (self->talk_label, NULL);
  g_set_object (&self->game, game);
  g_signal_connect_object (game, "acted", G_CALLBACK (acted_cb), self, G_CONNECT_SWAPPED);
  bk_table_set_game (self->table, game);
  self->players = bk_computer_players_new (game, table_busy, self->table);
  bk_computer_players_set_speed (self->players, self->speed);
  gtk_widget_set_visible (GTK_WIDGET (self->again), FALSE);
  set_label (self->comment_label, NULL);
  advance (self);
  focus_turn (self);
}

/* What "Why?" does: the Meister's advice for the card to play, once it is worked out. */
void
bk_practice_window_why (BkPracticeWindow *self)
{
  g_return_if_fail (BK_IS_PRACTICE_WINDOW (self));

  if (!persons_turn (self))
    return;
  self->show_why = TRUE;
  /* the last trick's comment was read: the advice takes its place on a small screen */
  if (self->played == BK_CARD_NONE)
    set_label (self->comment_label, NULL);
  request_advice (self);
  show_advice (self);
  focus_turn (self);
}

static void
theme_changed_cb (BkPracticeWindow *self)
{
  g_autoptr (BkCardTheme) theme = bk_settings_apply_theme (self->settings, self->table);

  if (theme != NULL && self->game != NULL)
    show_advice (self);
}

/* BkSidePanel's apply: what changes with the layout besides the box. */
static void
set_wide (GtkWidget *window,
          gboolean   wide)
{
  BkPracticeWindow *self = BK_PRACTICE_WINDOW (window);

  gtk_widget_set_size_request (self->panel, wide ? 340 : -1, wide ? -1 : 230);
}

static void
bk_practice_window_size_allocate (GtkWidget *widget,
                                  int        width,
                                  int        height,
                                  int        baseline)
{
  BkPracticeWindow *self = BK_PRACTICE_WINDOW (widget);

  GTK_WIDGET_CLASS (bk_practice_window_parent_class)->size_allocate (widget, width, height,
                                                                     baseline);
  bk_side_panel_allocated (&self->layout, width, height);
}

static void
bk_practice_window_dispose (GObject *object)
{
  BkPracticeWindow *self = BK_PRACTICE_WINDOW (object);

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  if (self->players != NULL)
    bk_computer_players_cancel (self->players);
  g_clear_object (&self->players);
  bk_side_panel_clear (&self->layout);
  g_clear_object (&self->game);
  g_clear_object (&self->settings);
  bk_options_clear (&self->options);
  G_OBJECT_CLASS (bk_practice_window_parent_class)->dispose (object);
}

static void
bk_practice_window_finalize (GObject *object)
{
  BkPracticeWindow *self = BK_PRACTICE_WINDOW (object);

  g_string_free (self->talk, TRUE);
  G_OBJECT_CLASS (bk_practice_window_parent_class)->finalize (object);
}

static void
bk_practice_window_class_init (BkPracticeWindowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = bk_practice_window_dispose;
  G_OBJECT_CLASS (klass)->finalize = bk_practice_window_finalize;
  widget_class->size_allocate = bk_practice_window_size_allocate;
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static GtkLabel *
make_label (const char *css_class)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  if (css_class)
    gtk_widget_add_css_class (label, css_class);
  gtk_widget_set_visible (label, FALSE);
  return GTK_LABEL (label);
}

static void
bk_practice_window_init (BkPracticeWindow *self)
{
  GtkWidget *box, *header, *panel, *scroller, *buttons;

  self->settings = g_settings_new (APP_ID);
  self->speed = 1.0;
  self->played = BK_CARD_NONE;
  self->cancellable = g_cancellable_new ();

  gtk_window_set_title (GTK_WINDOW (self), _("Practice Hand"));
  gtk_window_set_default_size (GTK_WINDOW (self), 960, 760);
  gtk_widget_set_size_request (GTK_WIDGET (self), 360, 500);

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  header = adw_header_bar_new ();
  adw_header_bar_set_title_widget (ADW_HEADER_BAR (header),
                                   adw_window_title_new (_("Practice Hand"), NULL));
  gtk_box_append (GTK_BOX (box), header);

  self->body = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_widget_set_vexpand (self->body, TRUE);
  self->table = BK_TABLE (bk_table_new ());
  gtk_widget_set_vexpand (GTK_WIDGET (self->table), TRUE);
  gtk_widget_set_hexpand (GTK_WIDGET (self->table), TRUE);
  gtk_widget_set_size_request (GTK_WIDGET (self->table), -1, 200);
  gtk_box_append (GTK_BOX (self->body), GTK_WIDGET (self->table));

  /* The panel, read in order: what was said at the table, the comment on the last
   * decision, the advice, the choices and the buttons. */
  self->panel = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  panel = gtk_box_new (GTK_ORIENTATION_VERTICAL, 8);
  gtk_widget_set_margin_start (panel, 12);
  gtk_widget_set_margin_end (panel, 12);
  gtk_widget_set_margin_top (panel, 8);
  gtk_widget_set_margin_bottom (panel, 8);
  self->advice_label = make_label (NULL);
  self->comment_label = make_label ("heading");
  self->talk_label = make_label ("dim-label");
  gtk_box_append (GTK_BOX (panel), GTK_WIDGET (self->talk_label));
  gtk_box_append (GTK_BOX (panel), GTK_WIDGET (self->comment_label));
  gtk_box_append (GTK_BOX (panel), GTK_WIDGET (self->advice_label));
  scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_widget_set_vexpand (scroller, TRUE);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), panel);
  gtk_box_append (GTK_BOX (self->panel), scroller);

  buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_widget_set_halign (buttons, GTK_ALIGN_END);
  gtk_widget_set_margin_start (buttons, 12);
  gtk_widget_set_margin_end (buttons, 12);
  gtk_widget_set_margin_bottom (buttons, 12);
  /* Translators: the practice hand's button that asks the Meister for its card and
   * reasons */
  self->why = GTK_BUTTON (gtk_button_new_with_mnemonic (_("_Why?")));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->why),
                               _("What the Meister would play, and why"));
  g_signal_connect_swapped (self->why, "clicked", G_CALLBACK (why_clicked_cb), self);
  self->again = GTK_BUTTON (gtk_button_new_with_mnemonic (_("_New Hand")));
  gtk_widget_add_css_class (GTK_WIDGET (self->again), "suggested-action");
  gtk_widget_set_visible (GTK_WIDGET (self->again), FALSE);
  g_signal_connect_swapped (self->again, "clicked", G_CALLBACK (again_clicked_cb), self);
  gtk_box_append (GTK_BOX (buttons), GTK_WIDGET (self->why));
  gtk_box_append (GTK_BOX (buttons), GTK_WIDGET (self->again));
  /* the choices stand above Why?, two to a line */
  self->choices = gtk_grid_new ();
  gtk_grid_set_column_spacing (GTK_GRID (self->choices), 6);
  gtk_grid_set_row_spacing (GTK_GRID (self->choices), 6);
  gtk_widget_set_margin_start (self->choices, 8);
  gtk_widget_set_margin_end (self->choices, 8);
  gtk_widget_set_margin_bottom (self->choices, 6);
  gtk_widget_set_visible (self->choices, FALSE);
  gtk_box_append (GTK_BOX (self->panel), self->choices);
  gtk_box_append (GTK_BOX (self->panel), buttons);

  self->separator = gtk_separator_new (GTK_ORIENTATION_HORIZONTAL);
  gtk_box_append (GTK_BOX (self->body), self->separator);
  gtk_box_append (GTK_BOX (self->body), self->panel);
  gtk_box_append (GTK_BOX (box), self->body);
  adw_window_set_content (ADW_WINDOW (self), box);

  bk_side_panel_init (&self->layout, GTK_WIDGET (self), self->body, self->separator, set_wide);
  g_signal_connect_object (self->table, "card-activated", G_CALLBACK (card_activated_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->settings, "changed::card-theme",
                           G_CALLBACK (theme_changed_cb), self, G_CONNECT_SWAPPED);
  theme_changed_cb (self);
}

/**
 * bk_practice_window_new:
 * @seed: the deals' seed; 0 for a fresh one
 */
GtkWidget *
bk_practice_window_new (GtkWindow *parent,
                        guint64    seed)
{
  BkPracticeWindow *self = g_object_new (BK_TYPE_PRACTICE_WINDOW, NULL);

  if (parent != NULL)
    {
      gtk_window_set_transient_for (GTK_WINDOW (self), parent);
      gtk_window_set_application (GTK_WINDOW (self), gtk_window_get_application (parent));
    }
  self->seed = seed ? seed : ((guint64) g_random_int () << 32 | g_random_int ());
  bk_practice_window_new_hand (self);
  return GTK_WIDGET (self);
}

/* The computer players' pace: 1 the table's (the default), 0 no pause (tests). */
void
bk_practice_window_set_speed (BkPracticeWindow *self,
                              double            speed)
{
  g_return_if_fail (BK_IS_PRACTICE_WINDOW (self));
  self->speed = speed;
  if (self->players != NULL)
    bk_computer_players_set_speed (self->players, speed);
}

gboolean
bk_practice_window_is_thinking (BkPracticeWindow *self)
{
  g_return_val_if_fail (BK_IS_PRACTICE_WINDOW (self), FALSE);
  return self->thinking || (self->players != NULL
                            && !bk_computer_players_is_idle (self->players));
}

BkGame *
bk_practice_window_get_game (BkPracticeWindow *self)
{
  g_return_val_if_fail (BK_IS_PRACTICE_WINDOW (self), NULL);
  return self->game;
}

BkTable *
bk_practice_window_get_table (BkPracticeWindow *self)
{
  g_return_val_if_fail (BK_IS_PRACTICE_WINDOW (self), NULL);
  return self->table;
}

const char *
bk_practice_window_get_advice (BkPracticeWindow *self)
{
  g_return_val_if_fail (BK_IS_PRACTICE_WINDOW (self), NULL);
  return gtk_label_get_text (self->advice_label);
}

/* The panel's line of what was said at the table this hand ("" before the first word). */
const char *
bk_practice_window_get_talk (BkPracticeWindow *self)
{
  g_return_val_if_fail (BK_IS_PRACTICE_WINDOW (self), NULL);
  return gtk_label_get_text (self->talk_label);
}

/* The buttons of the words, doublings and No Retour now asked, in order (a GtkGrid). */
GtkWidget *
bk_practice_window_get_choices (BkPracticeWindow *self)
{
  g_return_val_if_fail (BK_IS_PRACTICE_WINDOW (self), NULL);
  return self->choices;
}

const char *
bk_practice_window_get_comment (BkPracticeWindow *self)
{
  g_return_val_if_fail (BK_IS_PRACTICE_WINDOW (self), NULL);
  return gtk_label_get_text (self->comment_label);
}
