# English messages of the terminal table (binokel play / binokel replay).

title = Binokel
deal-n = Deal { $n }
deal-of = Deal { $n } of { $of }
deal-extra = Deal { $n }: tie-break after { $of }
dealer = dealer
soloist = soloist
passed = passed
to-act = to act
you = you
partner = partner
level = { $name } ({ $level })
cards-left = { $n ->
    [one] 1 card
   *[other] { $n } cards
}

phase-auction = Auction
phase-bury = Burying
phase-declare = Declaration
phase-play = Play
phase-done = Deal over

bid-current = Bid { $bid } ({ $name })
bid-none = No bid yet
tapp = Tapp
buried = Buried
contract-trump = Trump { $suit }
contract-durch = Durch
contract-bettel = Bettel
contract-surrender = Surrendered, trump { $suit }
melds = Melds
melds-none = no melds
tricks = Tricks
points = Points
hand = Your hand
trick = Trick
trick-empty = (no card yet)
last-trick = Last trick
last-trick-none = No trick has been taken yet.
score-sheet = Score sheet (to { $target })
score-sheet-series = Score sheet ({ $of } deals)
total = Total
deal-scores = Deal scores
match-winner = { $name } wins the match with { $points } points!
log = Table talk

suit-S = spades
suit-H = hearts
suit-D = diamonds
suit-C = clubs
gsuit-S = Grün
gsuit-H = Herz
gsuit-D = Schellen
gsuit-C = Eichel

meld-family = family
meld-double-family = double family
meld-pair = pair
meld-four-aces = four aces
meld-four-kings = four kings
meld-four-queens = four queens
meld-four-jacks = four jacks
meld-eight-aces = eight aces
meld-eight-kings = eight kings
meld-eight-queens = eight queens
meld-eight-jacks = eight jacks
meld-binokel = Binokel
meld-double-binokel = double Binokel
meld-diss = Diss
meld-rundgang = Rundgang

act-pass = pass
act-bid = bid { $bid }
act-call = call { $card }
act-give = give { $card }
act-bury = bury { $cards }
act-bury-hidden = bury { $n } cards
act-give-hidden = give a card back
act-trump = trump { $suit }
act-durch = Durch
act-bettel = Bettel
act-surrender = surrender, trump { $suit }
act-exchange = exchange the trump 9

ev-new-deal = Deal { $n }: { $name } deals.
ev-new-deal-of = Deal { $n } of { $of }: { $name } deals.
ev-new-deal-extra = Deal { $n }, a tie-break after { $of }: { $name } deals.
ev-acted = { $name }: { $action }
ev-bury-hidden = { $name } buries { $n ->
    [one] 1 card
   *[other] { $n } cards
}.
ev-give-hidden = { $name } gives a card back.
ev-soloist = { $name } is the soloist at { $bid }.
ev-tapp = The Tapp: { $cards }
ev-melds = { $name } melds { $points }: { $melds }
ev-trick = { $name } takes the trick ({ $cards }): { $points } points.
ev-deal-over = Deal over. Scores: { $scores }. Totals: { $totals }.
ev-match-over = { $name } wins the match!
ev-redeal = Everybody passed: the deal is thrown in.

prompt-your-turn = Your turn, { $name }. Hand: { $hand }
prompt-legal = Legal: { $actions }
prompt-bury = Bury { $n } cards, for example: { $example }
prompt-continue = Press Enter for the next deal.
prompt-wait = { $name } is thinking…

help-auction = ←→ choose · Enter bid/pass · h hint · z undo · s scores · v table talk · ? help · x quit
help-bury = ←→ move · Space mark · Enter bury marked · h hint · z undo · v table talk · ? help · x quit
help-declare = ←→ choose · Enter declare · h hint · z undo · s scores · v table talk · ? help · x quit
confirm-action = { $action }? Press Enter again to confirm; any other key cancels.
help-play = ←→ Enter play · AH type a card · l last trick · h hint · z undo · v table talk · ? help · x quit
help-done = Enter next deal · z undo · s scores · v table talk · ? help · x quit
help-over = The match is over · s scores · v table talk · ? help · x quit
help-plain = Type an action (bid 160, pass, bury AS 9H 9C, trump H, durch, surrender H, meld pair H, exchange, a card such as AH), #N for the N-th legal action, h hint, z undo, l last trick, t the deal so far, s scores, x quit.

hint = Hint from { $bot } ({ $measure }): { $best }
hint-item = { $action } { $value }
hint-none = No hint: it is not your turn.
undo-done = Taken back: { $actions }
undo-none = Nothing to take back in this deal.
undo-shown-tapp = The Tapp has been turned up since your last action: a take-back cannot go back past cards you have seen.
undo-shown-received = A card has come into your hand since your last action: a take-back cannot go back past cards you have seen.
undo-shown-drawn = You have drawn from the stock since your last action: a take-back cannot go back past cards you have seen.
saved = Match saved to { $path }.
resumed = Resumed the match from { $path }.
bye = Goodbye. Continue later with: { $command }
bye-over = Goodbye. The match is over; watch it again with: { $command }
not-your-turn = It is not your turn.
marked = Marked to bury: { $cards }

err-parse = “{ $input }” { $why }.
err-deal-over = The deal is over.
err-wrong-phase = “{ $action }” is not possible now.
err-must-open = Forehand must open with { $bid }.
err-bid-step = Bid { $bid } is not allowed; you may: { $expected }.
err-burial-size = Bury exactly { $expected } cards, not { $got }.
err-not-held = You do not hold { $card }.
err-must-follow = { $card } is not allowed: you must follow { $suit }.
err-must-beat = { $card } is not allowed: you must beat { $winning } ({ $beater } does).
err-must-trump = { $card } is not allowed: you must play a trump.
err-other = { $reason }
err-choice = There is no choice { $n } (choose 1 to { $max }).
err-mark-three = Mark exactly { $n } cards first (marked: { $got }).

replay-step = Deal { $deal }, action { $action } of { $total }
replay-help = ←→ step · PgUp PgDn deal · Home End · q quit

# The review's marks in the replay (binokel replay --review).
review-mark = { $sign } { $mark }: { $loss } points lost; better: { $best }
review-inaccuracy = inaccuracy
review-mistake = mistake
review-blunder = blunder
review-hindsight = hindsight (all cards seen): { $best }, { $loss } lost
review-note = note: { $pattern }
review-no-mark = Review: { $action } is fine (no mark)

# The table of binokel review.
review-col-deal = deal
review-col-move = move
review-col-seat = seat
review-col-played = played
review-col-best = best
review-col-loss = loss
review-col-mark = mark
review-not-rated = (not rated)
review-progress = reviewing
review-progress-decisions = decisions
review-phase-auction = auction
review-phase-burial = burial
review-phase-declaration = declaration
review-phase-play = card play
review-deal-title = Deal { $deal }: scores { $scores }
review-match-title = Match: totals { $scores }
review-seat-summary = { $seat }: { $decisions ->
        [one] 1 decision
       *[other] { $decisions } decisions
    }, accuracy { $accuracy } %, { $lost } points lost
review-seat-phases = by phase: { $phases }
review-seat-marks = inaccuracies { $inaccuracies }, mistakes { $mistakes }, blunders { $blunders }
review-worst-title = largest mistakes:
review-worst = { $at }, { $seat }: { $played } (better { $best }), { $loss } lost, { $mark }
review-at-deal = deal { $deal }, move { $move }
review-at-move = move { $move }

# Two players (stock, drawing, melds after a trick).
ev-turned = Turned up: { $card }. Trump is { $suit }.
ev-drew = { $name } draws { $card }.
ev-drew-hidden = { $name } draws a card.
ev-exchanged = { $name } exchanges the trump 9 for { $card }.
ev-stock-empty = The stock is used up: from now on follow suit, beat and trump.
stock-line = Trump { $suit } · turned { $card } · stock { $n }
stock-empty = Trump { $suit } · stock used up
help-play-stock = ←→ Enter play · m meld/exchange · AH type a card · h hint · z undo · v table talk · ? help · x quit
help-buttons = ←→ choose · Enter show · m back to the hand · h hint · z undo · v table talk · ? help · x quit

# Why a two-player meld or exchange is refused.
err-cannot-meld = “{ $action }” is not possible now: { $reason }.
refuse-melds-two = melds are shown one by one only in the two-player game
refuse-exchange-two = the exchange belongs to the two-player game
refuse-one-per-trick = you have shown your one meld for this trick
refuse-meld-not-now = only the winner of a trick shows a meld, before leading, while the stock lasts
refuse-exchange-not-now = only the winner of a trick exchanges, before leading, while the stock lasts
refuse-no-rundgang = a Rundgang is not shown in the two-player game
refuse-diss = a Diss is the 9 of trump ({ $suit })
refuse-once-per-deal = each meld is shown once per deal
refuse-needs = it needs { $cards }, held before the draw and not already shown in a meld of its kind
refuse-fresh = ({ $card } was drawn after the trick and cannot be part of it)
refuse-exchanged = the turned card has been exchanged already
refuse-turned-nine = the turned card is the trump 9 ({ $card }) itself
refuse-needs-nine = you need the trump 9 ({ $card }) held before the draw
refuse-not-two = that is not a two-player action

# The words typed for actions (the first is printed; the record's English words always work too).
in-pass = pass
in-bid = bid
in-call = call
in-give = give
in-bury = bury
in-trump = trump
in-durch = durch
in-bettel = bettel
in-surrender = surrender
in-meld = meld
in-exchange = exchange
too-small = The terminal is too small: make it at least { $w } × { $h }.
verdict-made = Made: { $total } ≥ { $bid } → { $score }
verdict-down = Went down: { $total } < { $bid } → { $score }
verdict-no-trick = Went down: no trick → { $score }
verdict-durch-made = Durch made → { $score }
verdict-durch-lost = Durch lost → { $score }
verdict-bettel-made = Bettel made → { $score }
verdict-bettel-lost = Bettel lost → { $score }
verdict-surrender = Gave up at { $bid } → { $score }
phase-match-over = Match over
# Plain-mode commands typed in this language (the English ones always work).
cmd-help = help
cmd-hint = hint
cmd-undo = undo
cmd-last = last
cmd-scores = scores
cmd-table = table
cmd-quit = quit
cmd-next = next
why-choice = is not #N with a number, such as #2

# Four players: a partnership (the seats panel's team lines).
team = { $a } with { $b }
# What the hint's numbers measure (issue #34 point 5).
hint-match = expected: your score less the others' mean, as the match race weighs it
hint-two = expected: your score less the other's, as the match race weighs it
# The pages over the table: the help (?) and the table talk (v).
page-keys = ↑↓ PgUp PgDn Home End scroll · Esc close
help-title = Help
help-keys-title = Keys
help-keys =
    ←→ or Tab: choose a card or a button (↑↓ too)
    Enter: play the card, press the button, start the next deal
    Space: mark a card to bury, or unmark it
    AH, 10S, QC …: type a card to play it (to mark it when burying)
    A number, then Enter: bid that much (in the auction)
    h: a hint from the strong computer player, saying what its numbers measure
    z: take back your last move
    l: the last trick · s: the score sheet (the same key closes them)
    m: two players: to the meld and exchange buttons and back
    v: the table talk: every bid, burial, meld, trick and result (scrolls)
    ?: this help · x or Esc: save the match and leave
    Surrender, Durch and Bettel ask for a second Enter.
help-words-title = Words at the table
help-words =
    Soloist: the highest bidder; plays alone against the others (with four players together with the partner opposite).
    Tapp: the face-down cards the soloist takes up after the auction (3; with four players 8).
    Bury: the soloist lays away as many cards as the Tapp held; their points count for the soloist.
    Trump: the suit the soloist names; a trump beats every card of the other suits.
    Made: the soloist's total (tricks, burial, melds) reaches the bid and is scored. Went down: minus twice the bid.
    Surrender: the soloist names trump and gives up at once: minus the bid; every other seat scores 50 and its melds.
    Durch: the soloist declares no trump and must take every trick: +1000, else -1000.
    Bettel: the soloist must take no trick at all: +500, else -500 (a house rule).
    Melds: shown before the first lead; they count only for a seat that takes a trick.
    Family: A 10 K Q J of one suit (150 in trump, else 100). Pair: K and Q of one suit (40 in trump, else 20).
    Binokel: the Q♠ with the J♦ (40); both copies of each: double Binokel (300).
    Diss: a 9 of trump, a meld of 10 (two players: exchanged for the turned-up card).
    Rundgang: a pair in every suit with four kings and four queens, one meld of 240 (a house rule).
