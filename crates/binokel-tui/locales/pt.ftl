# Mensagens em português da mesa no terminal (binokel play / binokel replay).

title = Binokel
deal-n = Mão { $n }
deal-of = Mão { $n } de { $of }
deal-extra = Mão { $n }: desempate após { $of }
dealer = dador
soloist = declarante
passed = passou
to-act = a jogar
you = você
partner = parceiro
level = { $name } ({ $level })
cards-left = { $n ->
    [one] 1 carta
   *[other] { $n } cartas
}

phase-auction = Leilão
phase-bury = Descarte
phase-declare = Declaração
phase-play = Vazas
phase-done = Mão terminada

bid-current = Lance { $bid } ({ $name })
bid-none = Ainda sem lance
tapp = Tapp
buried = Descartadas
contract-trump = Trunfo { $suit }
contract-durch = Durch
contract-bettel = Bettel
contract-surrender = Rendeu-se, trunfo { $suit }
melds = Combinações
melds-none = sem combinações
tricks = Vazas
points = Pontos
hand = A sua mão
trick = Vaza
trick-empty = (ainda sem carta)
last-trick = Última vaza
last-trick-none = Ainda não foi feita nenhuma vaza.
score-sheet = Folha de pontos (até { $target })
score-sheet-series = Folha de pontos ({ $of } mãos)
total = Total
deal-scores = Pontos da mão
match-winner = { $name } ganha a partida com { $points } pontos!
log = Na mesa

suit-S = espadas
suit-H = copas
suit-D = ouros
suit-C = paus
gsuit-S = Grün
gsuit-H = Herz
gsuit-D = Schellen
gsuit-C = Eichel

meld-family = família
meld-double-family = família dupla
meld-pair = par
meld-four-aces = quatro ases
meld-four-kings = quatro reis
meld-four-queens = quatro damas
meld-four-jacks = quatro valetes
meld-eight-aces = oito ases
meld-eight-kings = oito reis
meld-eight-queens = oito damas
meld-eight-jacks = oito valetes
meld-binokel = Binokel
meld-double-binokel = Binokel duplo
meld-diss = Diss
meld-rundgang = Rundgang

act-pass = passo
act-bid = lance { $bid }
act-call = pedir { $card }
act-give = dar { $card }
act-bury = descartar { $cards }
act-bury-hidden = descartar { $n } cartas
act-give-hidden = devolver uma carta
act-trump = trunfo { $suit }
act-durch = Durch
act-bettel = Bettel
act-surrender = render-se, trunfo { $suit }
act-exchange = trocar o 9 de trunfo

ev-new-deal = Mão { $n }: { $name } dá as cartas.
ev-new-deal-of = Mão { $n } de { $of }: { $name } dá as cartas.
ev-new-deal-extra = Mão { $n }, desempate após { $of }: { $name } dá as cartas.
ev-acted = { $name }: { $action }
ev-bury-hidden = { $name } descarta { $n ->
    [one] 1 carta
   *[other] { $n } cartas
}.
ev-give-hidden = { $name } devolve uma carta.
ev-soloist = { $name } é o declarante por { $bid }.
ev-tapp = O Tapp: { $cards }
ev-melds = { $name } declara { $points }: { $melds }
ev-trick = { $name } ganha a vaza ({ $cards }): { $points } pontos.
ev-deal-over = Mão terminada. Pontos: { $scores }. Totais: { $totals }.
ev-match-over = { $name } ganha a partida!
ev-redeal = Todos passaram: as cartas são dadas de novo.

prompt-your-turn = É a sua vez, { $name }. Mão: { $hand }
prompt-legal = Permitido: { $actions }
prompt-bury = Descarte { $n } cartas, por exemplo: { $example }
prompt-continue = Prima Enter para a próxima mão.
prompt-wait = { $name } está a pensar…

help-auction = ←→ escolher · Enter lance/passo · h dica · z desfazer · s pontos · v na mesa · ? ajuda · x sair
help-bury = ←→ mover · Espaço marcar · Enter descartar · h dica · z desfazer · v na mesa · ? ajuda · x sair
help-declare = ←→ escolher · Enter declarar · h dica · z desfazer · s pontos · v na mesa · ? ajuda · x sair
confirm-action = { $action }? Prima Enter outra vez para confirmar; qualquer outra tecla cancela.
help-play = ←→ Enter jogar · AH escrever · l última vaza · h dica · z desfazer · v na mesa · ? ajuda · x sair
help-done = Enter próxima mão · z desfazer · s pontos · v na mesa · ? ajuda · x sair
help-over = A partida terminou · s pontos · v na mesa · ? ajuda · x sair
help-plain = Escreva uma ação (lance 160, passo, descartar AS 9H 9C, trunfo H, durch, render H, cantar pair H, trocar, uma carta como AH; as palavras inglesas bid, pass, bury … também servem), #N para a N-ésima ação permitida, h dica, z desfazer, l última vaza, t a mão até agora, s pontos, x sair.

hint = Dica de { $bot } ({ $measure }): { $best }
hint-item = { $action } { $value }
hint-none = Sem dica: não é a sua vez.
undo-done = Desfeito: { $actions }
undo-none = Nada a desfazer nesta mão.
undo-shown-tapp = O Tapp foi revelado desde a sua última ação: não se pode desfazer para antes de cartas que já viu.
undo-shown-received = Uma carta entrou na sua mão desde a sua última ação: não se pode desfazer para antes de cartas que já viu.
undo-shown-drawn = Comprou do monte desde a sua última ação: não se pode desfazer para antes de cartas que já viu.
saved = Partida guardada em { $path }.
resumed = Partida retomada de { $path }.
bye = Até logo. Continue mais tarde com: { $command }
bye-over = Até logo. A partida terminou; reveja-a com: { $command }
not-your-turn = Não é a sua vez.
marked = Marcadas para descartar: { $cards }

err-parse = «{ $input }» não foi entendido: não é uma ação, uma carta nem um comando.
err-deal-over = A mão terminou.
err-wrong-phase = «{ $action }» não é possível agora.
err-must-open = A mão deve abrir com { $bid }.
err-bid-step = O lance { $bid } não é permitido; pode: { $expected }.
err-burial-size = Descarte exatamente { $expected } cartas, não { $got }.
err-not-held = Não tem { $card }.
err-must-follow = { $card } não é permitida: tem de seguir { $suit }.
err-must-beat = { $card } não é permitida: tem de superar { $winning } ({ $beater } supera).
err-must-trump = { $card } não é permitida: tem de jogar trunfo.
err-other = { $reason }
err-choice = Não existe a escolha { $n } (escolha de 1 a { $max }).
err-mark-three = Marque primeiro exatamente { $n } cartas (marcadas: { $got }).

replay-step = Mão { $deal }, ação { $action } de { $total }
replay-help = ←→ passo · PgUp PgDn mão · Home End · q sair

# The review's marks in the replay (binokel replay --review).
review-mark = { $sign } { $mark }: { $loss } pontos perdidos; melhor: { $best }
review-inaccuracy = imprecisão
review-mistake = erro
review-blunder = erro grave
review-hindsight = em retrospetiva (todas as cartas à vista): { $best }, { $loss } perdidos
review-note = nota: { $pattern }
review-no-mark = Análise: { $action } está bem (sem marca)

# A tabela de binokel review.
review-col-deal = mão
review-col-move = jogada
review-col-seat = lugar
review-col-played = jogado
review-col-best = melhor
review-col-loss = perda
review-col-mark = marca
review-not-rated = (não avaliada)
review-progress = a analisar
review-progress-decisions = decisões
review-phase-auction = leilão
review-phase-burial = descarte
review-phase-declaration = declaração
review-phase-play = jogo das cartas
review-deal-title = Mão { $deal }: pontuação { $scores }
review-match-title = Partida: totais { $scores }
review-seat-summary = { $seat }: { $decisions ->
        [one] 1 decisão
       *[other] { $decisions } decisões
    }, precisão { $accuracy } %, { $lost } pontos perdidos
review-seat-phases = por fase: { $phases }
review-seat-marks = imprecisões { $inaccuracies }, erros { $mistakes }, erros graves { $blunders }
review-worst-title = os maiores erros:
review-worst = { $at }, { $seat }: { $played } (melhor { $best }), { $loss } perdidos, { $mark }
review-at-deal = mão { $deal }, jogada { $move }
review-at-move = jogada { $move }

# Two players (stock, drawing, melds after a trick).
ev-turned = Virada: { $card }. O trunfo é { $suit }.
ev-drew = { $name } compra { $card }.
ev-drew-hidden = { $name } compra uma carta.
ev-exchanged = { $name } troca o 9 de trunfo por { $card }.
ev-stock-empty = O monte acabou: agora é obrigatório seguir o naipe, superar e trunfar.
stock-line = Trunfo { $suit } · virada { $card } · monte { $n }
stock-empty = Trunfo { $suit } · monte acabou
help-play-stock = ←→ Enter jogar · m cantar/trocar · AH escrever · h dica · z desfazer · v na mesa · ? ajuda · x sair
help-buttons = ←→ escolher · Enter cantar · m voltar à mão · h dica · z desfazer · v na mesa · ? ajuda · x sair

# Why a two-player meld or exchange is refused.
err-cannot-meld = “{ $action }” não é possível agora: { $reason }.
refuse-melds-two = os jogos mostram-se um a um só no jogo a dois
refuse-exchange-two = a troca pertence ao jogo a dois
refuse-one-per-trick = já mostrou o seu jogo desta vaza
refuse-meld-not-now = só quem ganhou a vaza mostra um jogo, antes de sair, enquanto houver monte
refuse-exchange-not-now = só quem ganhou a vaza troca, antes de sair, enquanto houver monte
refuse-no-rundgang = o Rundgang não se mostra no jogo a dois
refuse-diss = o Diss é o 9 de trunfo ({ $suit })
refuse-once-per-deal = cada jogo mostra-se uma vez por mão
refuse-needs = precisa de { $cards }, na mão antes da compra e ainda não mostradas num jogo do mesmo tipo
refuse-fresh = ({ $card } foi comprada depois da vaza e não pode fazer parte)
refuse-exchanged = a carta virada já foi trocada
refuse-turned-nine = a carta virada é o próprio 9 de trunfo ({ $card })
refuse-needs-nine = precisa do 9 de trunfo ({ $card }) na mão antes da compra
refuse-not-two = isso não é uma jogada do jogo a dois

# As palavras para ações ao escrever (a primeira é mostrada; as inglesas funcionam sempre).
in-pass = passo
in-bid = lance
in-call = pedir
in-give = dar
in-bury = descartar
in-trump = trunfo
in-durch = durch
in-bettel = bettel
in-surrender = render
in-meld = cantar
in-exchange = trocar
too-small = O terminal é pequeno demais: pelo menos { $w } × { $h }.
verdict-made = Cumprido: { $total } ≥ { $bid } → { $score }
verdict-down = Falhou: { $total } < { $bid } → { $score }
verdict-no-trick = Falhou: nenhuma vaza → { $score }
verdict-durch-made = Durch cumprido → { $score }
verdict-durch-lost = Durch perdido → { $score }
verdict-bettel-made = Bettel cumprido → { $score }
verdict-bettel-lost = Bettel perdido → { $score }
verdict-surrender = Desistiu em { $bid } → { $score }
phase-match-over = Partida terminada
# Plain-mode commands typed in this language (the English ones always work).
cmd-help = ajuda
cmd-hint = dica
cmd-undo = desfazer
cmd-last = última ultima
cmd-scores = pontos
cmd-table = mesa
cmd-quit = sair
cmd-next = seguinte continuar
why-choice = não é #N com um número, como #2

# Quatro jogadores: uma dupla (as linhas das duplas nos lugares).
team = { $a } com { $b }
# O que medem os números da dica.
hint-match = esperado: a sua pontuação menos a média dos outros, pela corrida da partida
hint-two = esperado: a sua pontuação menos a do outro, pela corrida da partida
page-keys = ↑↓ PgUp PgDn Home End rolar · Esc fechar
help-title = Ajuda
help-keys-title = Teclas
help-keys =
    ←→ ou Tab: escolher uma carta ou um botão (também ↑↓)
    Enter: jogar a carta, premir o botão, começar a próxima mão
    Espaço: marcar uma carta para descartar, ou desmarcá-la
    AH, 10S, QC …: escrever uma carta para a jogar (para a marcar ao descartar)
    Um número e Enter: dar esse lance (no leilão)
    h: uma dica do jogador forte do computador, dizendo o que os seus números medem
    z: desfazer a sua última jogada
    l: a última vaza · s: a folha de pontos (a mesma tecla fecha-as)
    m: dois jogadores: para os botões de cantar e trocar e de volta
    v: Na mesa: cada lance, descarte, combinação, vaza e resultado (rola)
    ?: esta ajuda · x ou Esc: guardar a partida e sair
    Render-se, Durch e Bettel pedem um segundo Enter.
help-words-title = Palavras da mesa
help-words =
    Declarante: quem dá o lance mais alto; joga sozinho contra os outros (com quatro jogadores, com o parceiro em frente).
    Tapp: as cartas viradas para baixo que o declarante recebe depois do leilão (3; com quatro jogadores 8).
    Descartar: o declarante põe de lado tantas cartas quantas tinha o Tapp; os seus pontos contam para ele.
    Trunfo: o naipe que o declarante escolhe; um trunfo vence qualquer carta dos outros naipes.
    Cumprido: o total do declarante (vazas, descarte, combinações) chega ao lance e conta. Falhado: menos o dobro do lance.
    Render-se: o declarante escolhe trunfo e desiste logo: menos o lance; cada outro lugar ganha 50 e as suas combinações.
    Durch: o declarante joga sem trunfo e tem de ganhar todas as vazas: +1000, senão -1000.
    Bettel: o declarante não pode ganhar nenhuma vaza: +500, senão -500 (regra da casa).
    Combinações: mostradas antes da primeira saída; só contam para quem ganha uma vaza.
    Família: A 10 K Q J de um naipe (150 em trunfo, senão 100). Par: K e Q de um naipe (40 em trunfo, senão 20).
    Binokel: a Q♠ com o J♦ (40); as duas cópias de cada: Binokel duplo (300).
    Diss: um 9 de trunfo, uma combinação de 10 (dois jogadores: trocado pela carta virada).
    Rundgang: um par em cada naipe com quatro reis e quatro damas, uma combinação de 240 (regra da casa).
