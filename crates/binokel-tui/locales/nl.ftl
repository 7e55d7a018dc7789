# Nederlandse teksten van de terminaltafel (binokel play / binokel replay).

title = Binokel
deal-n = Spel { $n }
deal-of = Spel { $n } van { $of }
deal-extra = Spel { $n }: beslissing na { $of }
dealer = gever
soloist = speler
passed = gepast
to-act = aan zet
you = jij
partner = partner
level = { $name } ({ $level })
cards-left = { $n ->
    [one] 1 kaart
   *[other] { $n } kaarten
}

phase-auction = Bieden
phase-bury = Wegleggen
phase-declare = Troef maken
phase-play = Slagen
phase-done = Spel voorbij

bid-current = Bod { $bid } ({ $name })
bid-none = Nog geen bod
tapp = Stok
buried = Weggelegd
contract-trump = Troef { $suit }
contract-durch = Durch
contract-bettel = Bettel
contract-surrender = Opgegeven, troef { $suit }
melds = Roem
melds-none = geen roem
tricks = Slagen
points = Punten
hand = Jouw kaarten
trick = Slag
trick-empty = (nog geen kaart)
last-trick = Laatste slag
last-trick-none = Er is nog geen slag gehaald.
score-sheet = Scorelijst (tot { $target })
score-sheet-series = Scorelijst ({ $of } spellen)
total = Totaal
deal-scores = Punten van het spel
match-winner = { $name } wint de partij met { $points } punten!
log = Aan tafel

suit-S = schoppen
suit-H = harten
suit-D = ruiten
suit-C = klaveren
gsuit-S = Grün
gsuit-H = Herz
gsuit-D = Schellen
gsuit-C = Eichel

meld-family = familie
meld-double-family = dubbele familie
meld-pair = paar
meld-four-aces = vier azen
meld-four-kings = vier heren
meld-four-queens = vier vrouwen
meld-four-jacks = vier boeren
meld-eight-aces = acht azen
meld-eight-kings = acht heren
meld-eight-queens = acht vrouwen
meld-eight-jacks = acht boeren
meld-binokel = Binokel
meld-double-binokel = dubbele Binokel
meld-diss = Diss
meld-rundgang = Rundgang

act-pass = pas
act-bid = bied { $bid }
act-call = vraag { $card }
act-give = geef { $card }
act-bury = leg weg { $cards }
act-bury-hidden = leg { $n } kaarten weg
act-give-hidden = geef een kaart terug
act-trump = troef { $suit }
act-durch = Durch
act-bettel = Bettel
act-surrender = geef op, troef { $suit }
act-exchange = ruil de troef-9

ev-new-deal = Spel { $n }: { $name } geeft.
ev-new-deal-of = Spel { $n } van { $of }: { $name } geeft.
ev-new-deal-extra = Spel { $n }, beslissing na { $of }: { $name } geeft.
ev-acted = { $name }: { $action }
ev-bury-hidden = { $name } legt { $n ->
    [one] 1 kaart
   *[other] { $n } kaarten
} weg.
ev-give-hidden = { $name } geeft een kaart terug.
ev-soloist = { $name } speelt voor { $bid }.
ev-tapp = De stok: { $cards }
ev-melds = { $name } roemt { $points }: { $melds }
ev-trick = { $name } haalt de slag ({ $cards }): { $points } punten.
ev-deal-over = Spel voorbij. Punten: { $scores }. Stand: { $totals }.
ev-match-over = { $name } wint de partij!
ev-redeal = Iedereen heeft gepast: er wordt opnieuw gegeven.

prompt-your-turn = Jij bent aan de beurt, { $name }. Kaarten: { $hand }
prompt-legal = Toegestaan: { $actions }
prompt-bury = Leg { $n } kaarten weg, bijvoorbeeld: { $example }
prompt-continue = Druk op Enter voor het volgende spel.
prompt-wait = { $name } denkt na…

help-auction = ←→ kiezen · Enter bieden/passen · h tip · z terug · s scores · v aan tafel · ? hulp · x stoppen
help-bury = ←→ bewegen · Spatie markeren · Enter wegleggen · h tip · z terug · v aan tafel · ? hulp · x stoppen
help-declare = ←→ kiezen · Enter aankondigen · h tip · z terug · s scores · v aan tafel · ? hulp · x stoppen
confirm-action = { $action }? Druk nogmaals op Enter om te bevestigen; een andere toets annuleert.
help-play = ←→ Enter spelen · AH kaart typen · l laatste slag · h tip · z terug · v aan tafel · ? hulp · x stoppen
help-done = Enter volgend spel · z terug · s scores · v aan tafel · ? hulp · x stoppen
help-over = De partij is voorbij · s scores · v aan tafel · ? hulp · x stoppen
help-plain = Typ een actie (bied 160, pas, wegleggen AS 9H 9C, troef H, durch, opgeven H, roem pair H, ruil, een kaart zoals AH; de Engelse woorden bid, pass, bury … werken ook), #N voor de N-de toegestane actie, h tip, z terug, l laatste slag, t het spel tot nu toe, s scores, x stoppen.

hint = Tip van { $bot } ({ $measure }): { $best }
hint-item = { $action } { $value }
hint-none = Geen tip: je bent niet aan de beurt.
undo-done = Teruggenomen: { $actions }
undo-none = Niets terug te nemen in dit spel.
undo-shown-tapp = De Tapp is sinds je laatste actie omgedraaid: terugnemen kan niet voorbij kaarten die je gezien hebt.
undo-shown-received = Er is sinds je laatste actie een kaart in je hand gekomen: terugnemen kan niet voorbij kaarten die je gezien hebt.
undo-shown-drawn = Je hebt sinds je laatste actie van de stapel getrokken: terugnemen kan niet voorbij kaarten die je gezien hebt.
saved = Partij bewaard in { $path }.
resumed = Partij hervat uit { $path }.
bye = Tot ziens. Later verder met: { $command }
bye-over = Tot ziens. De partij is voorbij; bekijk haar opnieuw met: { $command }
not-your-turn = Je bent niet aan de beurt.
marked = Gemarkeerd om weg te leggen: { $cards }

err-parse = ‘{ $input }’ begrijp ik niet: geen actie, geen kaart en geen opdracht.
err-deal-over = Het spel is voorbij.
err-wrong-phase = ‘{ $action }’ kan nu niet.
err-must-open = Voorhand moet openen met { $bid }.
err-bid-step = Bod { $bid } mag niet; wel: { $expected }.
err-burial-size = Leg precies { $expected } kaarten weg, niet { $got }.
err-not-held = Je hebt geen { $card }.
err-must-follow = { $card } mag niet: je moet { $suit } bekennen.
err-must-beat = { $card } mag niet: je moet { $winning } overtroeven ({ $beater } doet dat).
err-must-trump = { $card } mag niet: je moet troeven.
err-other = { $reason }
err-choice = Keuze { $n } bestaat niet (kies 1 tot { $max }).
err-mark-three = Markeer eerst precies { $n } kaarten (gemarkeerd: { $got }).

replay-step = Spel { $deal }, zet { $action } van { $total }
replay-help = ←→ zet · PgUp PgDn spel · Home End · q stoppen

# The review's marks in the replay (binokel replay --review).
review-mark = { $sign } { $mark }: { $loss } punten verloren; beter: { $best }
review-inaccuracy = onnauwkeurigheid
review-mistake = fout
review-blunder = blunder
review-hindsight = achteraf (alle kaarten open): { $best }, { $loss } verloren
review-note = let op: { $pattern }
review-no-mark = Analyse: { $action } is goed (geen markering)

# De tabel van binokel review.
review-col-deal = spel
review-col-move = zet
review-col-seat = plaats
review-col-played = gespeeld
review-col-best = beste
review-col-loss = verlies
review-col-mark = markering
review-not-rated = (niet beoordeeld)
review-progress = analyse
review-progress-decisions = beslissingen
review-phase-auction = bieden
review-phase-burial = wegleggen
review-phase-declaration = troefkeuze
review-phase-play = kaartspel
review-deal-title = Spel { $deal }: score { $scores }
review-match-title = Partij: totaal { $scores }
review-seat-summary = { $seat }: { $decisions ->
        [one] 1 beslissing
       *[other] { $decisions } beslissingen
    }, nauwkeurigheid { $accuracy } %, { $lost } punten verloren
review-seat-phases = per fase: { $phases }
review-seat-marks = onnauwkeurigheden { $inaccuracies }, fouten { $mistakes }, blunders { $blunders }
review-worst-title = de grootste fouten:
review-worst = { $at }, { $seat }: { $played } (beter { $best }), { $loss } verloren, { $mark }
review-at-deal = spel { $deal }, zet { $move }
review-at-move = zet { $move }

# Two players (stock, drawing, melds after a trick).
ev-turned = Omgedraaid: { $card }. Troef is { $suit }.
ev-drew = { $name } trekt { $card }.
ev-drew-hidden = { $name } trekt een kaart.
ev-exchanged = { $name } ruilt de troef-9 voor { $card }.
ev-stock-empty = De stapel is op: vanaf nu bekennen, overnemen en troeven.
stock-line = Troef { $suit } · omgedraaid { $card } · stapel { $n }
stock-empty = Troef { $suit } · stapel is op
help-play-stock = ←→ Enter spelen · m roemen/ruilen · AH kaart typen · h tip · z terug · v aan tafel · ? hulp · x stoppen
help-buttons = ←→ kiezen · Enter roemen · m terug naar de hand · h tip · z terug · v aan tafel · ? hulp · x stoppen

# Why a two-player meld or exchange is refused.
err-cannot-meld = “{ $action }” kan nu niet: { $reason }.
refuse-melds-two = roem wordt alleen met twee spelers één voor één getoond
refuse-exchange-two = het ruilen hoort bij het spel met twee
refuse-one-per-trick = je hebt voor deze slag al geroemd
refuse-meld-not-now = alleen wie de slag won roemt, vóór het uitkomen, zolang de stapel strekt
refuse-exchange-not-now = alleen wie de slag won ruilt, vóór het uitkomen, zolang de stapel strekt
refuse-no-rundgang = een Rundgang wordt met twee niet getoond
refuse-diss = een Diss is de troef-9 ({ $suit })
refuse-once-per-deal = elke roem wordt één keer per spel getoond
refuse-needs = daarvoor zijn { $cards } nodig, vóór het trekken in de hand en nog niet getoond in roem van die soort
refuse-fresh = ({ $card } is na de slag getrokken en telt niet mee)
refuse-exchanged = de opengelegde kaart is al geruild
refuse-turned-nine = de opengelegde kaart is zelf de troef-9 ({ $card })
refuse-needs-nine = daarvoor heb je de troef-9 ({ $card }) vóór het trekken nodig
refuse-not-two = dat is geen zet van het spel met twee

# De woorden voor acties bij het typen (het eerste wordt getoond; de Engelse werken altijd).
in-pass = pas
in-bid = bied
in-call = vraag
in-give = geef
in-bury = wegleggen
in-trump = troef
in-durch = durch
in-bettel = bettel
in-surrender = opgeven
in-meld = roem
in-exchange = ruil
too-small = De terminal is te klein: minstens { $w } × { $h }.
verdict-made = Gehaald: { $total } ≥ { $bid } → { $score }
verdict-down = Nat: { $total } < { $bid } → { $score }
verdict-no-trick = Nat: geen slag → { $score }
verdict-durch-made = Durch gehaald → { $score }
verdict-durch-lost = Durch verloren → { $score }
verdict-bettel-made = Bettel gehaald → { $score }
verdict-bettel-lost = Bettel verloren → { $score }
verdict-surrender = Opgegeven bij { $bid } → { $score }
phase-match-over = Partij voorbij
# Plain-mode commands typed in this language (the English ones always work).
cmd-help = hulp
cmd-hint = tip
cmd-undo = terug
cmd-last = laatste
cmd-scores = stand
cmd-table = tafel
cmd-quit = stoppen
cmd-next = verder
why-choice = is geen #N met een getal, zoals #2

# Vier spelers: een koppel (de koppelregels bij de plaatsen).
team = { $a } met { $b }
# Wat de getallen van de tip meten.
hint-match = verwacht: je score min het gemiddelde van de anderen, naar de race van de partij
hint-two = verwacht: je score min die van de ander, naar de race van de partij
page-keys = ↑↓ PgUp PgDn Home End bladeren · Esc sluiten
help-title = Hulp
help-keys-title = Toetsen
help-keys =
    ←→ of Tab: een kaart of een knop kiezen (ook ↑↓)
    Enter: de kaart spelen, de knop indrukken, het volgende spel beginnen
    Spatie: een kaart markeren om weg te leggen, of de markering weghalen
    AH, 10S, QC …: een kaart typen om die te spelen (bij het wegleggen: te markeren)
    Een getal, dan Enter: zoveel bieden (bij het bieden)
    h: een tip van de sterke computerspeler, met wat zijn getallen meten
    z: je laatste zet terugnemen
    l: de laatste slag · s: de scorelijst (dezelfde toets sluit ze)
    m: met twee: naar de knoppen voor roem en ruil en terug
    v: Aan tafel: elk bod, het wegleggen, roem, slagen en uitslagen (bladeren)
    ?: deze hulp · x of Esc: de partij bewaren en stoppen
    Opgeven, Durch en Bettel vragen om een tweede Enter.
help-words-title = Woorden aan tafel
help-words =
    Speler: wie het hoogst biedt; speelt alleen tegen de anderen (met vier samen met de partner tegenover).
    Stok (Tapp): de gesloten kaarten die de speler na het bieden opneemt (3; met vier 8).
    Wegleggen: de speler legt zoveel kaarten weg als de stok had; hun punten tellen voor de speler.
    Troef: de kleur die de speler noemt; een troef wint van elke kaart van de andere kleuren.
    Gehaald: het totaal van de speler (slagen, weggelegd, roem) haalt het bod en telt. Nat: min twee keer het bod.
    Opgeven: de speler noemt troef en geeft meteen op: min het bod; elke andere plaats krijgt 50 en zijn roem.
    Durch: de speler speelt zonder troef en moet elke slag halen: +1000, anders -1000.
    Bettel: de speler mag geen enkele slag halen: +500, anders -500 (huisregel).
    Roem: getoond voor de eerste uitkomst; telt alleen voor wie een slag haalt.
    Familie: A 10 K Q J van één kleur (150 in troef, anders 100). Paar: K en Q van één kleur (40 in troef, anders 20).
    Binokel: de Q♠ met de J♦ (40); beide dubbel: dubbele Binokel (300).
    Diss: een troef-9, roem van 10 (met twee: geruild tegen de opengelegde kaart).
    Rundgang: een paar in elke kleur met vier heren en vier vrouwen, één roem van 240 (huisregel).
