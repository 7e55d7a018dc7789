# Deutsche Texte des Terminal-Tischs (binokel play / binokel replay).

title = Binokel
deal-n = Spiel { $n }
deal-of = Spiel { $n } von { $of }
deal-extra = Spiel { $n }: Stechen nach { $of }
dealer = Geber
soloist = Spieler
passed = gepasst
to-act = am Zug
you = du
partner = Partner
level = { $name } ({ $level })
cards-left = { $n ->
    [one] 1 Karte
   *[other] { $n } Karten
}

phase-auction = Reizen
phase-bury = Drücken
phase-declare = Ansage
phase-play = Stechen
phase-done = Spiel vorbei

bid-current = Gebot { $bid } ({ $name })
bid-none = Noch kein Gebot
tapp = Dapp
buried = Gedrückt
contract-trump = Trumpf { $suit }
contract-durch = Durch
contract-bettel = Bettel
contract-surrender = Abgegangen, Trumpf { $suit }
melds = Meldungen
melds-none = keine Meldung
tricks = Stiche
points = Augen
hand = Deine Karten
trick = Stich
trick-empty = (noch keine Karte)
last-trick = Letzter Stich
last-trick-none = Es wurde noch kein Stich gemacht.
score-sheet = Schreibzettel (bis { $target })
score-sheet-series = Schreibzettel ({ $of } Spiele)
total = Summe
deal-scores = Ergebnis des Spiels
match-winner = { $name } gewinnt die Partie mit { $points } Punkten!
log = Am Tisch

suit-S = Pik
suit-H = Herz
suit-D = Karo
suit-C = Kreuz
gsuit-S = Grün
gsuit-H = Herz
gsuit-D = Schellen
gsuit-C = Eichel

meld-family = Familie
meld-double-family = Doppelte Familie
meld-pair = Paar
meld-four-aces = Vier Asse
meld-four-kings = Vier Könige
meld-four-queens = Vier Ober
meld-four-jacks = Vier Unter
meld-eight-aces = Acht Asse
meld-eight-kings = Acht Könige
meld-eight-queens = Acht Ober
meld-eight-jacks = Acht Unter
meld-binokel = Binokel
meld-double-binokel = Doppelbinokel
meld-diss = Dis
meld-rundgang = Rundgang

act-pass = passe
act-bid = reize { $bid }
act-call = rufe { $card }
act-give = gebe { $card }
act-bury = drücke { $cards }
act-bury-hidden = drücke { $n } Karten
act-give-hidden = gib eine Karte zurück
act-trump = Trumpf { $suit }
act-durch = Durch
act-bettel = Bettel
act-surrender = gehe ab, Trumpf { $suit }
act-exchange = tausche die Trumpf-9

ev-new-deal = Spiel { $n }: { $name } gibt.
ev-new-deal-of = Spiel { $n } von { $of }: { $name } gibt.
ev-new-deal-extra = Spiel { $n }, Stechen nach { $of }: { $name } gibt.
ev-acted = { $name }: { $action }
ev-bury-hidden = { $name } drückt { $n ->
    [one] 1 Karte
   *[other] { $n } Karten
}.
ev-give-hidden = { $name } gibt eine Karte zurück.
ev-soloist = { $name } spielt für { $bid }.
ev-tapp = Der Dapp: { $cards }
ev-melds = { $name } meldet { $points }: { $melds }
ev-trick = { $name } macht den Stich ({ $cards }): { $points } Augen.
ev-deal-over = Spiel vorbei. Punkte: { $scores }. Stand: { $totals }.
ev-match-over = { $name } gewinnt die Partie!
ev-redeal = Alle haben gepasst: das Spiel wird neu gegeben.

prompt-your-turn = Du bist dran, { $name }. Karten: { $hand }
prompt-legal = Erlaubt: { $actions }
prompt-bury = Drücke { $n } Karten, zum Beispiel: { $example }
prompt-continue = Enter für das nächste Spiel.
prompt-wait = { $name } überlegt…

help-auction = ←→ wählen · Enter reizen/passen · h Tipp · z zurück · s Zettel · v Am Tisch · ? Hilfe · x Ende
help-bury = ←→ bewegen · Leertaste markieren · Enter drücken · h Tipp · z zurück · v Am Tisch · ? Hilfe · x Ende
help-declare = ←→ wählen · Enter ansagen · h Tipp · z zurück · s Zettel · v Am Tisch · ? Hilfe · x Ende
confirm-action = { $action }? Zum Bestätigen noch einmal Enter; jede andere Taste bricht ab.
help-play = ←→ Enter spielen · AH tippen · l letzter Stich · h Tipp · z zurück · v Am Tisch · ? Hilfe · x Ende
help-done = Enter nächstes Spiel · z zurück · s Zettel · v Am Tisch · ? Hilfe · x Ende
help-over = Die Partie ist vorbei · s Zettel · v Am Tisch · ? Hilfe · x Ende
help-plain = Gib eine Aktion ein (reize 160, passe, drücke AS 9H 9C, trumpf H, durch, abgehen H, melde pair H, tausche, eine Karte wie AH; die englischen Wörter bid, pass, bury … gehen auch), #N für die N-te erlaubte Aktion, h Tipp, z zurück, l letzter Stich, t das Spiel bisher, s Zettel, x Ende.

hint = Tipp von { $bot } ({ $measure }): { $best }
hint-item = { $action } { $value }
hint-none = Kein Tipp: du bist nicht dran.
undo-done = Zurückgenommen: { $actions }
undo-none = In diesem Spiel gibt es nichts zurückzunehmen.
undo-shown-tapp = Seit deiner letzten Aktion wurde der Dapp aufgedeckt: Zurücknehmen geht nicht hinter Karten zurück, die du gesehen hast.
undo-shown-received = Seit deiner letzten Aktion ist eine Karte in deine Hand gekommen: Zurücknehmen geht nicht hinter Karten zurück, die du gesehen hast.
undo-shown-drawn = Seit deiner letzten Aktion hast du vom Stapel gezogen: Zurücknehmen geht nicht hinter Karten zurück, die du gesehen hast.
saved = Partie gespeichert in { $path }.
resumed = Partie fortgesetzt aus { $path }.
bye = Tschüss. Weiter später mit: { $command }
bye-over = Tschüss. Die Partie ist vorbei; noch einmal ansehen mit: { $command }
not-your-turn = Du bist nicht dran.
marked = Zum Drücken markiert: { $cards }

err-parse = „{ $input }“ verstehe ich nicht: keine Aktion, keine Karte und kein Befehl.
err-deal-over = Das Spiel ist vorbei.
err-wrong-phase = „{ $action }“ geht jetzt nicht.
err-must-open = Die Vorhand muss mit { $bid } eröffnen.
err-bid-step = Gebot { $bid } ist nicht erlaubt; möglich: { $expected }.
err-burial-size = Drücke genau { $expected } Karten, nicht { $got }.
err-not-held = Du hast { $card } nicht.
err-must-follow = { $card } geht nicht: du musst { $suit } bedienen.
err-must-beat = { $card } geht nicht: du musst { $winning } überstechen ({ $beater } sticht).
err-must-trump = { $card } geht nicht: du musst trumpfen.
err-other = { $reason }
err-choice = Es gibt keine Wahl { $n } (1 bis { $max }).
err-mark-three = Markiere zuerst genau { $n } Karten (markiert: { $got }).

replay-step = Spiel { $deal }, Zug { $action } von { $total }
replay-help = ←→ Zug · Bild↑ Bild↓ Spiel · Pos1 Ende · q Ende

# The review's marks in the replay (binokel replay --review).
review-mark = { $sign } { $mark }: { $loss } Punkte verloren; besser: { $best }
review-inaccuracy = Ungenauigkeit
review-mistake = Fehler
review-blunder = grober Fehler
review-hindsight = im Nachhinein (alle Karten offen): { $best }, { $loss } verloren
review-note = Hinweis: { $pattern }
review-no-mark = Analyse: { $action } ist in Ordnung (keine Markierung)

# Die Tabelle von binokel review.
review-col-deal = Spiel
review-col-move = Zug
review-col-seat = Platz
review-col-played = gespielt
review-col-best = am besten
review-col-loss = Verlust
review-col-mark = Markierung
review-not-rated = (nicht bewertet)
review-progress = Analyse
review-progress-decisions = Entscheidungen
review-phase-auction = Reizen
review-phase-burial = Drücken
review-phase-declaration = Ansage
review-phase-play = Kartenspiel
review-deal-title = Spiel { $deal }: Wertung { $scores }
review-match-title = Partie: Stand { $scores }
review-seat-summary = { $seat }: { $decisions ->
        [one] 1 Entscheidung
       *[other] { $decisions } Entscheidungen
    }, Genauigkeit { $accuracy } %, { $lost } Punkte verloren
review-seat-phases = je Phase: { $phases }
review-seat-marks = Ungenauigkeiten { $inaccuracies }, Fehler { $mistakes }, grobe Fehler { $blunders }
review-worst-title = die größten Fehler:
review-worst = { $at }, { $seat }: { $played } (besser { $best }), { $loss } verloren, { $mark }
review-at-deal = Spiel { $deal }, Zug { $move }
review-at-move = Zug { $move }

# Two players (stock, drawing, melds after a trick).
ev-turned = Aufgedeckt: { $card }. Trumpf ist { $suit }.
ev-drew = { $name } zieht { $card }.
ev-drew-hidden = { $name } zieht eine Karte.
ev-exchanged = { $name } tauscht die Trumpf-9 gegen { $card }.
ev-stock-empty = Der Stock ist aufgebraucht: ab jetzt bedienen, überstechen und trumpfen.
stock-line = Trumpf { $suit } · aufgedeckt { $card } · Stock { $n }
stock-empty = Trumpf { $suit } · Stock aufgebraucht
help-play-stock = ←→ Enter spielen · m melden/tauschen · AH tippen · h Tipp · z zurück · v Am Tisch · ? Hilfe · x Ende
help-buttons = ←→ wählen · Enter melden · m zurück zur Hand · h Tipp · z zurück · v Am Tisch · ? Hilfe · x Ende

# Why a two-player meld or exchange is refused.
err-cannot-meld = „{ $action }“ geht jetzt nicht: { $reason }.
refuse-melds-two = Meldungen einzeln gibt es nur im Spiel zu zweit
refuse-exchange-two = der Tausch gehört zum Spiel zu zweit
refuse-one-per-trick = du hast für diesen Stich schon gemeldet
refuse-meld-not-now = melden darf nur, wer den Stich gemacht hat, vor dem Ausspielen, solange der Stock reicht
refuse-exchange-not-now = tauschen darf nur, wer den Stich gemacht hat, vor dem Ausspielen, solange der Stock reicht
refuse-no-rundgang = einen Rundgang meldet man zu zweit nicht
refuse-diss = der Dis ist die Trumpf-9 ({ $suit })
refuse-once-per-deal = jede Meldung gibt es nur einmal pro Spiel
refuse-needs = dazu braucht es { $cards }, vor dem Ziehen gehalten und noch nicht in einer Meldung dieser Art gezeigt
refuse-fresh = ({ $card } wurde nach dem Stich gezogen und zählt nicht mit)
refuse-exchanged = die aufgedeckte Karte wurde schon getauscht
refuse-turned-nine = die aufgedeckte Karte ist selbst die Trumpf-9 ({ $card })
refuse-needs-nine = dazu brauchst du die Trumpf-9 ({ $card }) schon vor dem Ziehen
refuse-not-two = das ist kein Zug des Spiels zu zweit

# Die Wörter für Aktionen beim Tippen (das erste wird angezeigt; die englischen gehen immer).
in-pass = passe pass
in-bid = reize
in-call = rufe
in-give = gebe gib
in-bury = drücke druecke
in-trump = trumpf
in-durch = durch
in-bettel = bettel
in-surrender = abgehen
in-meld = melde
in-exchange = tausche
too-small = Das Terminal ist zu klein: mindestens { $w } × { $h }.
verdict-made = Gewonnen: { $total } ≥ { $bid } → { $score }
verdict-down = Verloren: { $total } < { $bid } → { $score }
verdict-no-trick = Verloren: kein Stich → { $score }
verdict-durch-made = Durch gewonnen → { $score }
verdict-durch-lost = Durch verloren → { $score }
verdict-bettel-made = Bettel gewonnen → { $score }
verdict-bettel-lost = Bettel verloren → { $score }
verdict-surrender = Abgegangen bei { $bid } → { $score }
phase-match-over = Partie vorbei
# Plain-mode commands typed in this language (the English ones always work).
cmd-help = hilfe
cmd-hint = tipp
cmd-undo = zurück zurueck
cmd-last = letzter
cmd-scores = zettel
cmd-table = tisch
cmd-quit = ende
cmd-next = weiter
why-choice = ist nicht #N mit einer Zahl, etwa #2

# Vier Spieler: eine Partei (die Parteizeilen der Sitze).
team = { $a } mit { $b }
# Was die Zahlen des Tipps messen.
hint-match = erwartet: dein Ergebnis minus Schnitt der anderen, nach dem Rennen der Partie
hint-two = erwartet: dein Ergebnis minus das des anderen, nach dem Rennen der Partie
page-keys = ↑↓ Bild↑ Bild↓ Pos1 Ende blättern · Esc schließen
help-title = Hilfe
help-keys-title = Tasten
help-keys =
    ←→ oder Tab: Karte oder Knopf wählen (auch ↑↓)
    Enter: die Karte spielen, den Knopf drücken, das nächste Spiel beginnen
    Leertaste: eine Karte zum Drücken markieren oder die Markierung lösen
    AH, 10S, QC …: eine Karte tippen, um sie zu spielen (beim Drücken: zu markieren)
    Eine Zahl, dann Enter: so hoch reizen (beim Reizen)
    h: ein Tipp vom starken Computerspieler, mit dem, was seine Zahlen messen
    z: den letzten eigenen Zug zurücknehmen
    l: der letzte Stich · s: der Schreibzettel (dieselbe Taste schließt sie)
    m: zu zweit: zu den Knöpfen für Meldung und Tausch und zurück
    v: Am Tisch: jedes Gebot, das Drücken, die Meldungen, Stiche und Ergebnisse (blättern)
    ?: diese Hilfe · x oder Esc: die Partie speichern und gehen
    Abgehen, Durch und Bettel fragen nach einem zweiten Enter.
help-words-title = Wörter am Tisch
help-words =
    Spieler: wer am höchsten reizt; spielt allein gegen die anderen (zu viert mit dem Partner gegenüber).
    Dapp (Tapp): die verdeckten Karten, die der Spieler nach dem Reizen aufnimmt (3; zu viert 8).
    Drücken: der Spieler legt so viele Karten weg, wie der Dapp hatte; ihre Augen zählen für ihn.
    Trumpf: die Farbe, die der Spieler ansagt; ein Trumpf sticht jede Karte der anderen Farben.
    Gewonnen: die Summe des Spielers (Stiche, Gedrücktes, Meldungen) erreicht das Gebot und zählt. Verloren: minus das doppelte Gebot.
    Abgehen: der Spieler sagt Trumpf an und gibt sofort auf: minus das Gebot; jeder andere bekommt 50 und seine Meldungen.
    Durch: der Spieler spielt ohne Trumpf und muss jeden Stich machen: +1000, sonst -1000.
    Bettel: der Spieler darf keinen Stich machen: +500, sonst -500 (Hausregel).
    Meldungen: vor dem ersten Ausspielen gezeigt; sie zählen nur für den, der einen Stich macht.
    Familie: A 10 K O U einer Farbe (150 in Trumpf, sonst 100). Paar: K und O einer Farbe (40 in Trumpf, sonst 20).
    Binokel: Schippen-Ober (Q♠) mit Schellen-Unter (J♦) (40); beide doppelt: Doppel-Binokel (300).
    Diss: eine Trumpf-9, als Meldung 10 (zu zweit: gegen die aufgedeckte Karte getauscht).
    Rundgang: ein Paar in jeder Farbe mit vier Königen und vier Ober, eine Meldung von 240 (Hausregel).
