/* bk-lesson-texts.c: the lessons' texts for xgettext. Written by
 * build-aux/lesson-texts.py from the files in data/lessons; do not edit (the
 * test test-lessons fails when it is out of date). {GA} is a card: keep it as it is.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "bk-lesson-texts.h"

const char * const bk_lesson_texts[] = {
  /* Translators: lesson bierkopf-1-cards, [Lesson] Title. {XX} is a card's name: keep it. */
  N_("The cards and their points"),
  /* Translators: lesson bierkopf-1-cards, [Lesson] Summary. {XX} is a card's name: keep it. */
  N_("Twenty cards, 120 points, and 61 win the hand"),
  /* Translators: lesson bierkopf-1-cards, [Step 1] Text. {XX} is a card's name: keep it. */
  N_("Bierkopf is played by four, two against two: your partner sits opposite you. "
     "The pack has twenty cards, five for each player: {r:A}, {r:10}, {r:K}, {r:O} "
     "and {r:U} of the four suits {s:E}, {s:G}, {s:H} and {s:S} (B1.2). With the "
     "French pictures they are the ace, ten, king, queen and jack of clubs, spades, "
     "hearts and diamonds (B1.5)."),
  /* Translators: lesson bierkopf-1-cards, [Step 2] Text. {XX} is a card's name: keep it. */
  N_("Every card has points: {r:A} 11, {r:10} 10, {r:K} 4, {r:O} 3, {r:U} 2 (B1.1). "
     "The whole pack holds 120 points; the team that takes 61 or more in its tricks "
     "wins the hand (B5.1). You lead the first trick: play the card of your hand that "
     "is worth the most."),
  /* Translators: lesson bierkopf-1-cards, [Step 2] Right. {XX} is a card's name: keep it. */
  N_("Right: the {GA} counts 11. Your partner added his {E10}, and the trick is "
     "yours: 11 + 10 + 10 + 4 = 35 points."),
  /* Translators: lesson bierkopf-1-cards, [Step 2] Wrong. {XX} is a card's name: keep it. */
  N_("Not the most. What each card counts (B1.1): {r:A} 11, {r:10} 10, {r:K} 4, {r:O} "
     "3, {r:U} 2."),
  /* Translators: lesson bierkopf-1-cards, [Step 3] Text. {XX} is a card's name: keep it. */
  N_("You took the trick with 35 points; your team needs 61 of the 120 to win. Next "
     "lesson: the trumps, which beat every other card."),
  /* Translators: lesson bierkopf-10-tie, [Lesson] Title. {XX} is a card's name: keep it. */
  N_("A tie: 60 to 60"),
  /* Translators: lesson bierkopf-10-tie, [Lesson] Summary. {XX} is a card's name: keep it. */
  N_("Nobody wins, and the hand's value is carried over"),
  /* Translators: lesson bierkopf-10-tie, [Step 1] Text. {XX} is a card's name: keep it. */
  N_("Watch a whole hand. A team needs 61 of the 120 points to win it (B5.1)."),
  /* Translators: lesson bierkopf-10-tie, [Step 2] Text. {XX} is a card's name: keep it. */
  N_("The hand is over, 60 to 60. How many lines does your team strike?"),
  /* Translators: lesson bierkopf-10-tie, [Step 2] Right. {XX} is a card's name: keep it. */
  N_("Right: at 60:60 nobody wins and nobody strikes a line (B5.3)."),
  /* Translators: lesson bierkopf-10-tie, [Step 2] Wrong. {XX} is a card's name: keep it. */
  N_("Nobody wins at 60:60, so nobody strikes a line now; the hand's value is carried "
     "over to the next winners (B5.3)."),
  /* Translators: lesson bierkopf-10-tie, [Step 3] Text. {XX} is a card's name: keep it. */
  N_("The tied hand's value, 1 line times its multiplier, is carried over: the team "
     "that wins the next hand strikes it as well, and several ties add up (B5.3)."),
  /* Translators: lesson bierkopf-2-trumps, [Lesson] Title. {XX} is a card's name: keep it. */
  N_("Trumps and their order"),
  /* Translators: lesson bierkopf-2-trumps, [Lesson] Summary. {XX} is a card's name: keep it. */
  N_("Eleven trumps: the {r:O}, the {r:U} and the hearts"),
  /* Translators: lesson bierkopf-2-trumps, [Step 1] Text. {XX} is a card's name: keep it. */
  N_("Eleven cards are trumps, and they never change. From the highest: every {r:O}, "
     "then every {r:U}, each in the order {s:E}, {s:G}, {s:H}, {s:S}; then the {HA}, "
     "the {H10} and the {HK} (B1.3). The {EO} is called the Old One, the {GO} the "
     "Blue One. Your trumps are highlighted."),
  /* Translators: lesson bierkopf-2-trumps, [Step 2] Text. {XX} is a card's name: keep it. */
  N_("Every {s:H} card is a trump, so only {s:E}, {s:G} and {s:S} are plain suits "
     "(B1.4). A trump beats every plain card. The others led trumps: the {HA}, the "
     "{SO} and the {GU}. Take this trick."),
  /* Translators: lesson bierkopf-2-trumps, [Step 2] Right. {XX} is a card's name: keep it. */
  N_("Right: any {r:O} beats every {r:U} and every {s:H} card."),
  /* Translators: lesson bierkopf-2-trumps, [Step 2] Wrong. {XX} is a card's name: keep it. */
  N_("That trump is too low: every {r:O} beats every {r:U}, every {r:U} beats the "
     "{s:H} cards, and among them {s:E} is highest, then {s:G}, {s:H} and {s:S} (B1.3)."),
  /* Translators: lesson bierkopf-2-trumps, [Step 2] Illegal. {XX} is a card's name: keep it. */
  N_("A trump was led and you hold trumps, so you must play one: the {s:H} cards, the "
     "{r:O} and the {r:U} count as one suit (B1.4)."),
  /* Translators: lesson bierkopf-2-trumps, [Step 3] Text. {XX} is a card's name: keep it. */
  N_("Your {GO} took the trick, with the {HA} in it. Next lesson: which cards you may play."),
  /* Translators: lesson bierkopf-3-follow, [Lesson] Title. {XX} is a card's name: keep it. */
  N_("Following suit"),
  /* Translators: lesson bierkopf-3-follow, [Lesson] Summary. {XX} is a card's name: keep it. */
  N_("Follow the suit led; without it, play a trump"),
  /* Translators: lesson bierkopf-3-follow, [Step 1] Text. {XX} is a card's name: keep it. */
  N_("The first card of a trick asks for its suit, and whoever holds that suit must "
     "play it (B4.2). {s:G} was led: the {GA}, the {G10}, and the {GO}, a trump, from "
     "a player without {s:G}. Play a card you may play; the cards you may play are "
     "highlighted."),
  /* Translators: lesson bierkopf-3-follow, [Step 1] Wrong. {XX} is a card's name: keep it. */
  N_("You hold {s:G}, so you must follow with it (B4.2)."),
  /* Translators: lesson bierkopf-3-follow, [Step 2] Text. {XX} is a card's name: keep it. */
  N_("A trump led asks for a trump, because all trumps count as one suit (B4.2). Who "
     "cannot follow a plain suit must play a trump if he holds one (B4.3); any trump "
     "will do. The {SA} was led and you have no {s:S}. Play a card you may play."),
  /* Translators: lesson bierkopf-3-follow, [Step 2] Wrong. {XX} is a card's name: keep it. */
  N_("You have no {s:S}, so you must play a trump (B4.3)."),
  /* Translators: lesson bierkopf-3-follow, [Step 3] Text. {XX} is a card's name: keep it. */
  N_("Your trump took the trick. Whoever can follow never has to take the trick; a "
     "player with neither the suit nor a trump may play any card (B4.3)."),
  /* Translators: lesson bierkopf-4-trick, [Lesson] Title. {XX} is a card's name: keep it. */
  N_("Who takes a trick"),
  /* Translators: lesson bierkopf-4-trick, [Lesson] Summary. {XX} is a card's name: keep it. */
  N_("The highest trump, or the highest card of the suit led"),
  /* Translators: lesson bierkopf-4-trick, [Step 1] Text. {XX} is a card's name: keep it. */
  N_("The forehand, the player left of the dealer, leads to the first trick; whoever "
     "takes a trick leads to the next (B4.1). The highest trump takes the trick; with "
     "no trump in it, the highest card of the suit led, whatever else lies there (B4.4)."),
  /* Translators: lesson bierkopf-4-trick, [Step 2] Text. {XX} is a card's name: keep it. */
  N_("{s:G} was led: the {G10}, then your partner's {GK}; the player on your right "
     "had no {s:G} and trumped with the {H10}. You have no {s:G} either. Take the trick."),
  /* Translators: lesson bierkopf-4-trick, [Step 2] Right. {XX} is a card's name: keep it. */
  N_("Right: your trump is higher than the {H10}, so the trick is yours, and you lead "
     "the next one (B4.1)."),
  /* Translators: lesson bierkopf-4-trick, [Step 2] Wrong. {XX} is a card's name: keep it. */
  N_("That trump is lower than the {H10}: the highest trump takes the trick (B4.4)."),
  /* Translators: lesson bierkopf-4-trick, [Step 2] Illegal. {XX} is a card's name: keep it. */
  N_("You have no {s:G} but you hold trumps, so you must play a trump (B4.3)."),
  /* Translators: lesson bierkopf-4-trick, [Step 3] Text. {XX} is a card's name: keep it. */
  N_("You know the cards, the trumps, what you must play and who takes a trick: "
     "enough to sit down and play. The table talk, the doubling and the beer coaster "
     "come in the next lessons."),
  /* Translators: lesson bierkopf-5-score, [Lesson] Title. {XX} is a card's name: keep it. */
  N_("What a hand is worth"),
  /* Translators: lesson bierkopf-5-score, [Lesson] Summary. {XX} is a card's name: keep it. */
  N_("Lines for the winners: Schneider, Schwarz and the beer coaster"),
  /* Translators: lesson bierkopf-5-score, [Step 1] Text. {XX} is a card's name: keep it. */
  N_("You hold {EO}, {GO}, {HO} and {SO} and your partner the other trumps. Watch "
     "your team play its trumps out, trick after trick."),
  /* Translators: lesson bierkopf-5-score, [Step 2] Text. {XX} is a card's name: keep it. */
  N_("The hand is over. The winners strike lines on their beer coaster: 1 for a won "
     "hand, 2 for Schneider (the losers took fewer than 30 points), 3 for Schwarz "
     "(the winners took every trick) (B5.2). How many lines does your team strike?"),
  /* Translators: lesson bierkopf-5-score, [Step 2] Right. {XX} is a card's name: keep it. */
  N_("Right: your team took every trick, Schwarz: 3 lines."),
  /* Translators: lesson bierkopf-5-score, [Step 2] Wrong. {XX} is a card's name: keep it. */
  N_("Count again: your team took every trick, and that is Schwarz, 3 lines; a "
     "Schneider is 2, a plain win 1 (B5.2)."),
  /* Translators: lesson bierkopf-5-score, [Step 3] Text. {XX} is a card's name: keep it. */
  N_("Each team starts with 21 lines on its beer coaster and strikes off what it wins "
     "(B6.1): your team has 18 left. The team that strikes its last line wins the "
     "Bollen; the losers owe a Maß and get a dot, and both coasters start again "
     "(B6.2). The coaster is the score of the session (B6.3)."),
  /* Translators: lesson bierkopf-6-talk, [Lesson] Title. {XX} is a card's name: keep it. */
  N_("Table talk and the Spritze"),
  /* Translators: lesson bierkopf-6-talk, [Lesson] Summary. {XX} is a card's name: keep it. */
  N_("Good, so-so, bad; can help; the Spritze doubles the hand"),
  /* Translators: lesson bierkopf-6-talk, [Step 1] Text. {XX} is a card's name: keep it. */
  N_("Before the first card the table talks. You are the forehand, left of the "
     "dealer, and your partner opposite is the rearhand: you talk first, and may say "
     "only how much your hand can contribute: good, so-so or bad. Nobody names a card "
     "(B3.1). Your trumps are highlighted. Say what your hand is worth."),
  /* Translators: lesson bierkopf-6-talk, [Step 1] Right. {XX} is a card's name: keep it. */
  N_("Right: three {r:O} cards, one {r:U} card and the {HA} are a strong hand: good. "
     "Your partner answered so-so."),
  /* Translators: lesson bierkopf-6-talk, [Step 1] Wrong. {XX} is a card's name: keep it. */
  N_("Speak honestly (B3.1): three {r:O} cards, one {r:U} card and the {HA} are worth "
     "a lot, and the computer players believe your word."),
  /* Translators: lesson bierkopf-6-talk, [Step 2] Text. {XX} is a card's name: keep it. */
  N_("Now you, as the forehand, may say Spritze: it doubles the hand, a Retour "
     "doubles it again: ×2, ×4 (B3.1, B3.7). This time you pass. Then the other team "
     "talks: the middlehand and the dealer say only “can help” or “can’t help”, and "
     "the middlehand may say Spritze (B3.2)."),
  /* Translators: lesson bierkopf-6-talk, [Step 3] Text. {XX} is a card's name: keep it. */
  N_("Nobody doubled. The rearhand could have said Spritze (B3.3); the dealer ends "
     "the talk with “because we sit at the back”: the dealer never doubles, and the "
     "hand counts single (B3.4). Nobody has to talk, and the computer players speak "
     "honestly from their own cards (B3.5). Now you lead the first card."),
  /* Translators: lesson bierkopf-7-seats, [Lesson] Title. {XX} is a card's name: keep it. */
  N_("Seats, partners and the deal"),
  /* Translators: lesson bierkopf-7-seats, [Lesson] Summary. {XX} is a card's name: keep it. */
  N_("The seating draw, the dealer, and who plays with whom"),
  /* Translators: lesson bierkopf-7-seats, [Step 1] Text. {XX} is a card's name: keep it. */
  N_("A session starts with the seating draw: cards are dealt face up until the first "
     "{r:A} turns up. Its holder keeps his seat; the player who then gets the next "
     "{r:A} becomes his partner and sits opposite him. The teams stay for the whole "
     "session (B2.1). Whoever drew the first {r:A} deals first, then the deal moves "
     "clockwise (B2.2). The dealer deals from his left, in packets of 3 and then 2 (B2.3)."),
  /* Translators: lesson bierkopf-7-seats, [Step 2] Text. {XX} is a card's name: keep it. */
  N_("In order of play the seats are the forehand (left of the dealer), the "
     "middlehand, the rearhand and the dealer. The forehand plays with the rearhand, "
     "the middlehand with the dealer (B2.4). North dealt this hand. Who leads to the "
     "first trick?"),
  /* Translators: lesson bierkopf-7-seats, [Step 2] Right. {XX} is a card's name: keep it. */
  N_("Right: East, left of the dealer, is the forehand and leads. You are the "
     "middlehand and play with North, the dealer."),
  /* Translators: lesson bierkopf-7-seats, [Step 2] Wrong. {XX} is a card's name: keep it. */
  N_("The forehand leads: the player left of the dealer, who deals clockwise from his "
     "left (B2.4)."),
  /* Translators: lesson bierkopf-7-seats, [Step 3] Text. {XX} is a card's name: keep it. */
  N_("East leads. After this hand the deal moves on clockwise: the next hand is dealt "
     "by East, who then plays last (B2.2)."),
  /* Translators: lesson bierkopf-8-retour, [Lesson] Title. {XX} is a card's name: keep it. */
  N_("Answering the Spritze: Retour"),
  /* Translators: lesson bierkopf-8-retour, [Lesson] Summary. {XX} is a card's name: keep it. */
  N_("Double back, from the second card to the end of the first trick"),
  /* Translators: lesson bierkopf-8-retour, [Step 1] Text. {XX} is a card's name: keep it. */
  N_("West, the forehand, said good, his partner so-so, and then West said Spritze: "
     "the hand counts double. Your team may answer with a Retour, which doubles it "
     "again, from the moment the second card of the first trick is on the table until "
     "that trick is complete (B3.6). West has led. May you say Retour now?"),
  /* Translators: lesson bierkopf-8-retour, [Step 1] Right. {XX} is a card's name: keep it. */
  N_("Right: not yet, only one card is on the table."),
  /* Translators: lesson bierkopf-8-retour, [Step 1] Wrong. {XX} is a card's name: keep it. */
  N_("Not yet: a Retour may come once the second card of the first trick is on the "
     "table (B3.6)."),
  /* Translators: lesson bierkopf-8-retour, [Step 2] Text. {XX} is a card's name: keep it. */
  N_("Your partner has played the second card. May you say Retour now?"),
  /* Translators: lesson bierkopf-8-retour, [Step 2] Right. {XX} is a card's name: keep it. */
  N_("Retour! The hand now counts four times (B3.7)."),
  /* Translators: lesson bierkopf-8-retour, [Step 2] Wrong. {XX} is a card's name: keep it. */
  N_("Now you may: the second card is on the table and the first trick is not "
     "complete yet (B3.6)."),
  /* Translators: lesson bierkopf-8-retour, [Step 3] Text. {XX} is a card's name: keep it. */
  N_("The first trick is complete: no more raises in this hand. Either partner may "
     "say Retour, the teams may raise in turn within the same window, and each raise "
     "doubles again; none is allowed once one won hand would end the Bollen (B3.6)."),
  /* Translators: lesson bierkopf-9-tricks, [Lesson] Title. {XX} is a card's name: keep it. */
  N_("Looking at tricks"),
  /* Translators: lesson bierkopf-9-tricks, [Lesson] Summary. {XX} is a card's name: keep it. */
  N_("Your team's tricks, and the last one the others took"),
  /* Translators: lesson bierkopf-9-tricks, [Step 1] Text. {XX} is a card's name: keep it. */
  N_("Watch four tricks: your team takes the first and the third, West's team the "
     "second and the fourth. Tricks lie face down with the team that took them; you "
     "may always look at your own team's tricks and at the last trick the other team "
     "took (B4.5). May you look at the second trick now?"),
  /* Translators: lesson bierkopf-9-tricks, [Step 1] Right. {XX} is a card's name: keep it. */
  N_("Right: no, the other team has taken a trick since."),
  /* Translators: lesson bierkopf-9-tricks, [Step 1] Wrong. {XX} is a card's name: keep it. */
  N_("No: of the other team's tricks you may look only at the last one they took, "
     "here the fourth (B4.5)."),
  /* Translators: lesson bierkopf-9-tricks, [Step 2] Text. {XX} is a card's name: keep it. */
  N_("May you look at the fourth trick?"),
  /* Translators: lesson bierkopf-9-tricks, [Step 2] Right. {XX} is a card's name: keep it. */
  N_("Right: it is the last trick the other team took."),
  /* Translators: lesson bierkopf-9-tricks, [Step 2] Wrong. {XX} is a card's name: keep it. */
  N_("You may: it is the last trick the other team took (B4.5)."),
  /* Translators: lesson bierkopf-9-tricks, [Step 3] Text. {XX} is a card's name: keep it. */
  N_("And at the first trick, your team's own?"),
  /* Translators: lesson bierkopf-9-tricks, [Step 3] Right. {XX} is a card's name: keep it. */
  N_("Right: your team's tricks are yours to look at."),
  /* Translators: lesson bierkopf-9-tricks, [Step 3] Wrong. {XX} is a card's name: keep it. */
  N_("You may always look at your own team's tricks (B4.5)."),
  /* Translators: lesson bierkopf-9-tricks, [Step 4] Text. {XX} is a card's name: keep it. */
  N_("In a hand, Look at Tricks in the main menu shows the tricks you may see, and L "
     "the last trick."),
  /* Translators: lesson herzla-1-hearts, [Lesson] Title. {XX} is a card's name: keep it. */
  N_("Herzla: take no hearts"),
  /* Translators: lesson herzla-1-hearts, [Lesson] Summary. {XX} is a card's name: keep it. */
  N_("Thirty-two cards, no trumps, and every heart a penalty"),
  /* Translators: lesson herzla-1-hearts, [Step 1] Text. {XX} is a card's name: keep it. */
  N_("Herzla is played with 32 cards, the Bavarian pack without the Sechsen, and has "
     "no trumps (H1.1). Every suit ranks {r:A}, {r:K}, {r:O}, {r:U}, {r:10}, 9, 8, 7 "
     "(H1.2). The eight {s:H} cards are penalties: whoever takes them in his tricks "
     "pays for them (H1.3). Everybody gets eight cards, dealt clockwise from the "
     "dealer's left, and the forehand, left of the dealer, bids first and leads "
     "(H2.1, H2.2). Your hearts are highlighted."),
  /* Translators: lesson herzla-1-hearts, [Step 2] Text. {XX} is a card's name: keep it. */
  N_("Follow suit if you can; otherwise play any card. The highest card of the suit "
     "led takes the trick, and nobody has to take one (H4.1). West led the {E9}, "
     "North played the {EK}, East the {E7}. Play a card that does not take this trick."),
  /* Translators: lesson herzla-1-hearts, [Step 2] Right. {XX} is a card's name: keep it. */
  N_("Right: the {EK} stays the highest card of the trick, and North takes it."),
  /* Translators: lesson herzla-1-hearts, [Step 2] Wrong. {XX} is a card's name: keep it. */
  N_("That card takes the trick: the {r:A} is the highest card of the suit led (H4.1)."),
  /* Translators: lesson herzla-1-hearts, [Step 2] Illegal. {XX} is a card's name: keep it. */
  N_("You hold {s:E}, so you must follow with it (H4.1)."),
  /* Translators: lesson herzla-1-hearts, [Step 3] Text. {XX} is a card's name: keep it. */
  N_("North leads the second trick. No heart may be led to the first or the second "
     "trick, unless the leader holds nothing but hearts; throwing a heart on another "
     "suit is always allowed (H4.2). North led the {G7}, East played the {G8}. Play a "
     "card you may play."),
  /* Translators: lesson herzla-1-hearts, [Step 3] Wrong. {XX} is a card's name: keep it. */
  N_("You hold {s:G}, so you must follow with it (H4.1)."),
  /* Translators: lesson herzla-1-hearts, [Step 4] Text. {XX} is a card's name: keep it. */
  N_("Keep your hearts out of the tricks you take, and throw them on the others' "
     "tricks when you cannot follow suit (H4.2)."),
  /* Translators: lesson herzla-2-beddl, [Lesson] Title. {XX} is a card's name: keep it. */
  N_("Herzla: Beddl and Mord"),
  /* Translators: lesson herzla-2-beddl, [Lesson] Summary. {XX} is a card's name: keep it. */
  N_("One against three: no trick at all, or every trick"),
  /* Translators: lesson herzla-2-beddl, [Step 1] Text. {XX} is a card's name: keep it. */
  N_("Before the first card, starting with the forehand, each player may bid Beddl "
     "(he will take no trick) or Mord (he will take every trick), or pass: “weiter”. "
     "The first bid stands, and its bidder plays alone against the other three; when "
     "all pass, the normal game is played (H3.1, H3.2). You are the forehand and bid Beddl."),
  /* Translators: lesson herzla-2-beddl, [Step 2] Text. {XX} is a card's name: keep it. */
  N_("You bid Beddl: you must take no trick, and hearts do not count (H4.3). You "
     "lead. Play a card that does not take the trick."),
  /* Translators: lesson herzla-2-beddl, [Step 2] Right. {XX} is a card's name: keep it. */
  N_("Right: your {E7} is the lowest {s:E}, and West takes the trick."),
  /* Translators: lesson herzla-2-beddl, [Step 2] Wrong. {XX} is a card's name: keep it. */
  N_("That card would take the trick: lead a card the others can beat (H4.3)."),
  /* Translators: lesson herzla-2-beddl, [Step 2] Illegal. {XX} is a card's name: keep it. */
  N_("No heart may be led to the first or the second trick (H4.2)."),
  /* Translators: lesson herzla-2-beddl, [Step 3] Text. {XX} is a card's name: keep it. */
  N_("West leads the {G8}. You must follow suit with {s:G}, and both of yours are "
     "higher than anything the others can play."),
  /* Translators: lesson herzla-2-beddl, [Step 4] Text. {XX} is a card's name: keep it. */
  N_("You took a trick: the Beddl is lost, and the hand stops at once (H4.3). You pay "
     "each defender 80 cents; a won Beddl or Mord is paid 80 cents by each defender "
     "(H5.5). A Mord is the other way round: the declarer must take all eight tricks, "
     "and loses as soon as a defender takes one (H4.4). Whoever takes all eight "
     "tricks of a normal game without a bid has made a Schleichermord, and is paid as "
     "for a won Mord (H4.5)."),
  /* Translators: lesson herzla-3-simple, [Lesson] Title. {XX} is a card's name: keep it. */
  N_("Herzla for 3 to 8"),
  /* Translators: lesson herzla-3-simple, [Lesson] Summary. {XX} is a card's name: keep it. */
  N_("The simple form: every heart a point, the lowest total wins"),
  /* Translators: lesson herzla-3-simple, [Step 1] Text. {XX} is a card's name: keep it. */
  N_("The simple form is for 3 to 8 players and uses 36 cards, the Sechsen included. "
     "The cards are dealt evenly, and what is left lies aside face down: with three "
     "players everybody gets twelve (H6.1)."),
  /* Translators: lesson herzla-3-simple, [Step 2] Text. {XX} is a card's name: keep it. */
  N_("Only the normal game is played, with the same rules of play (H6.2). You are "
     "left of the dealer and lead. Lead to the first trick; the cards you may play "
     "are highlighted."),
  /* Translators: lesson herzla-3-simple, [Step 2] Wrong. {XX} is a card's name: keep it. */
  N_("The simple form keeps the rules of play of the four-player game (H6.2, H4.2)."),
  /* Translators: lesson herzla-3-simple, [Step 3] Text. {XX} is a card's name: keep it. */
  N_("Every heart you take is a penalty point (H6.2). The players agree beforehand on "
     "a number of rounds, or on a limit such as 50 points that ends the game; the "
     "lowest total wins (H6.3)."),
  /* Translators: lesson herzla-4-pay, [Lesson] Title. {XX} is a card's name: keep it. */
  N_("Herzla: who pays whom"),
  /* Translators: lesson herzla-4-pay, [Lesson] Summary. {XX} is a card's name: keep it. */
  N_("Ten cents a heart, to the players who took none"),
  /* Translators: lesson herzla-4-pay, [Step 1] Text. {XX} is a card's name: keep it. */
  N_("Everybody passed, so the normal game is played. Watch the whole hand, and count "
     "who takes hearts."),
  /* Translators: lesson herzla-4-pay, [Step 2] Text. {XX} is a card's name: keep it. */
  N_("The hand is over. Each player pays 10 cents for every heart he took to the "
     "players who took none, the heart-free ones; the 80 cents are split evenly among "
     "them (H5.1). Who is paid?"),
  /* Translators: lesson herzla-4-pay, [Step 2] Right. {XX} is a card's name: keep it. */
  N_("Right: you took no trick and so no heart; you alone are heart-free and get all "
     "80 cents: 10 from West, 50 from North, 20 from East."),
  /* Translators: lesson herzla-4-pay, [Step 2] Wrong. {XX} is a card's name: keep it. */
  N_("That player took hearts and pays: only the heart-free players are paid, 10 "
     "cents for each heart the others took (H5.1)."),
  /* Translators: lesson herzla-4-pay, [Step 3] Text. {XX} is a card's name: keep it. */
  N_("Whoever takes all eight hearts pays 80 cents into the stock instead (H5.2). "
     "When everybody took a heart, each pays 10 cents a heart into the stock (H5.3). "
     "The stock goes to the next player who is the only heart-free player of a normal "
     "game, on top of his 80 cents (H5.4). All balances and the stock always add up "
     "to zero (H5.6)."),
  NULL
};
