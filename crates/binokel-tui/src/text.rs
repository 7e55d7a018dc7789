//! Sentences for what happens at the table, shared by the plain mode, the log panel and the
//! replay.

use crate::i18n::{Arg, Catalog};
use crate::session::{Event, Hint, Measure, Taken};
use binokel::{Action, CardSet, Seat, View};

/// Seat names as the table shows them: `Anna`, `Babette (strong)`.
pub fn seat_label(cat: &Catalog, names: &[String], levels: &[Option<String>], seat: Seat) -> String {
    let name = names.get(seat).cloned().unwrap_or_else(|| format!("{seat}"));
    match levels.get(seat).and_then(|l| l.as_deref()) {
        Some(level) => cat.ta("level", &[("name", Arg::Str(&name)), ("level", Arg::Str(level))]),
        None => name,
    }
}

fn name(names: &[String], seat: Seat) -> String {
    names.get(seat).cloned().unwrap_or_else(|| format!("{seat}"))
}

/// One event as a sentence.
pub fn event(cat: &Catalog, names: &[String], e: &Event) -> String {
    match e {
        // The series' own count (redeals not counted), not the record's deal number.
        Event::NewDeal {
            dealer,
            series: Some(s),
            ..
        } => cat.ta(
            if s.deal > s.of {
                "ev-new-deal-extra"
            } else {
                "ev-new-deal-of"
            },
            &[
                ("n", Arg::Num(s.deal as i64)),
                ("of", Arg::Num(s.of as i64)),
                ("name", Arg::Str(&name(names, *dealer))),
            ],
        ),
        Event::NewDeal { number, dealer, .. } => cat.ta(
            "ev-new-deal",
            &[
                ("n", Arg::Num(*number as i64)),
                ("name", Arg::Str(&name(names, *dealer))),
            ],
        ),
        Event::Acted { seat, action, count } => match action {
            Some(a) => cat.ta(
                "ev-acted",
                &[
                    ("name", Arg::Str(&name(names, *seat))),
                    ("action", Arg::Str(&cat.action(*a))),
                ],
            ),
            None if *count == 0 => cat.ta("ev-give-hidden", &[("name", Arg::Str(&name(names, *seat)))]),
            None => cat.ta(
                "ev-bury-hidden",
                &[
                    ("name", Arg::Str(&name(names, *seat))),
                    ("n", Arg::Num(*count as i64)),
                ],
            ),
        },
        Event::Soloist { seat, bid } => cat.ta(
            "ev-soloist",
            &[
                ("name", Arg::Str(&name(names, *seat))),
                ("bid", Arg::Num(*bid as i64)),
            ],
        ),
        Event::Tapp(cards) => cat.ta("ev-tapp", &[("cards", Arg::Str(&cat.cards(*cards)))]),
        Event::Melds { seat, melds, total } => {
            let list = if melds.is_empty() {
                cat.t("melds-none")
            } else {
                meld_list(cat, melds)
            };
            cat.ta(
                "ev-melds",
                &[
                    ("name", Arg::Str(&name(names, *seat))),
                    ("points", Arg::Num(*total as i64)),
                    ("melds", Arg::Str(&list)),
                ],
            )
        }
        Event::Trick { seat, cards, points } => {
            let cs: Vec<String> = cards.iter().map(|c| cat.card(*c)).collect();
            cat.ta(
                "ev-trick",
                &[
                    ("name", Arg::Str(&name(names, *seat))),
                    ("cards", Arg::Str(&cs.join(" "))),
                    ("points", Arg::Num(*points as i64)),
                ],
            )
        }
        Event::Redeal => cat.t("ev-redeal"),
        Event::DealOver { scores, totals } => {
            let per = |v: &[i32]| {
                v.iter()
                    .enumerate()
                    .map(|(s, x)| format!("{} {x:+}", name(names, s)))
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            cat.ta(
                "ev-deal-over",
                &[
                    ("scores", Arg::Str(&per(scores))),
                    ("totals", Arg::Str(&per(totals))),
                ],
            )
        }
        Event::MatchOver { winner, points } => cat.ta(
            "match-winner",
            &[
                ("name", Arg::Str(&name(names, *winner))),
                ("points", Arg::Num(*points as i64)),
            ],
        ),
        Event::Turned(c) => cat.ta(
            "ev-turned",
            &[
                ("card", Arg::Str(&cat.card(*c))),
                ("suit", Arg::Str(&cat.suit(c.suit()))),
            ],
        ),
        Event::Drew { seat, card } => match card {
            Some(c) => cat.ta(
                "ev-drew",
                &[
                    ("name", Arg::Str(&name(names, *seat))),
                    ("card", Arg::Str(&cat.card(*c))),
                ],
            ),
            None => cat.ta("ev-drew-hidden", &[("name", Arg::Str(&name(names, *seat)))]),
        },
        Event::Exchanged { seat, card } => cat.ta(
            "ev-exchanged",
            &[
                ("name", Arg::Str(&name(names, *seat))),
                ("card", Arg::Str(&cat.card(*card))),
            ],
        ),
        Event::StockEmpty => cat.t("ev-stock-empty"),
        Event::SaveFailed(e) => e.clone(),
    }
}

/// Two players: trump, the face-up card under the stock and the cards left to draw
/// (`Trump clubs · turned K♣ · stock 14`); None in a deal without a stock.
pub fn stock_line(cat: &Catalog, view: &View) -> Option<String> {
    if view.players != 2 {
        return None;
    }
    let suit = cat.suit(view.trump?);
    Some(match view.turned.filter(|_| view.stock > 0) {
        Some(c) => cat.ta(
            "stock-line",
            &[
                ("suit", Arg::Str(&suit)),
                ("card", Arg::Str(&cat.card(c))),
                ("n", Arg::Num(view.stock as i64)),
            ],
        ),
        None => cat.ta("stock-empty", &[("suit", Arg::Str(&suit))]),
    })
}

/// A seat's melds as a short list (`family ♥ 100, pair ♦ 20`).
pub fn meld_list(cat: &Catalog, melds: &[binokel::Meld]) -> String {
    melds
        .iter()
        .map(|m| match m.suit {
            Some(s) if m.kind.has_suit() => {
                format!("{} {} {}", cat.meld(m.kind), cat.suit_short(s), m.points)
            }
            _ => format!("{} {}", cat.meld(m.kind), m.points),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// A seat's melds for a narrow panel: suits without points, equal melds counted
/// (`pair ♥, pair ♦, Diss ♦ ×2`).
pub fn meld_list_short(cat: &Catalog, melds: &[binokel::Meld]) -> String {
    let mut items: Vec<(String, usize)> = Vec::new();
    for m in melds {
        let name = match m.suit {
            Some(s) if m.kind.has_suit() => format!("{} {}", cat.meld(m.kind), cat.suit_short(s)),
            _ => cat.meld(m.kind),
        };
        match items.iter_mut().find(|(n, _)| *n == name) {
            Some((_, k)) => *k += 1,
            None => items.push((name, 1)),
        }
    }
    items
        .into_iter()
        .map(|(n, k)| if k > 1 { format!("{n} ×{k}") } else { n })
        .collect::<Vec<_>>()
        .join(", ")
}

/// A hint as one line: the best actions with their values.
pub fn hint(cat: &Catalog, h: &Hint) -> String {
    let best: Vec<String> = h
        .values
        .iter()
        .take(3)
        .map(|(a, v)| {
            cat.ta(
                "hint-item",
                &[
                    ("action", Arg::Str(&cat.action(*a))),
                    ("value", Arg::Str(&format!("{v:+.1}"))),
                ],
            )
        })
        .collect();
    // Which measure the numbers are (issue #34 point 5; one measure since issue #32).
    let measure = cat.t(match h.measure {
        Measure::Match => "hint-match",
        Measure::Difference => "hint-two",
    });
    cat.ta(
        "hint",
        &[
            ("bot", Arg::Str(&h.bot)),
            ("measure", Arg::Str(&measure)),
            ("best", Arg::Str(&best.join(", "))),
        ],
    )
}

/// The score sheet: one line per complete deal and the totals, at most `width` characters
/// wide (columns shrink to fit, down to 7 characters).
pub fn score_sheet(cat: &Catalog, names: &[String], view: &View, target: i32, width: usize) -> Vec<String> {
    let n = view.players;
    let w = (width.saturating_sub(5) / n.max(1)).clamp(7, 12);
    let mut out = vec![match view.series {
        // A fixed series has no target: its heading names the deals.
        Some(s) => cat.ta("score-sheet-series", &[("of", Arg::Num(s.of as i64))]),
        None => cat.ta("score-sheet", &[("target", Arg::Num(target as i64))]),
    }];
    let mut head = format!("{:>4} ", "#");
    for s in 0..n {
        head.push_str(&format!("{:>w$}", truncate(&name(names, s), w - 1)));
    }
    out.push(head);
    for (i, row) in view.score_sheet.iter().enumerate() {
        let mut line = format!("{:>4} ", i + 1);
        for x in row {
            line.push_str(&format!("{x:>w$}"));
        }
        out.push(line);
    }
    let mut tot = format!("{:>4} ", "Σ");
    for x in &view.totals {
        tot.push_str(&format!("{x:>w$}"));
    }
    out.push(tot);
    out
}

/// Cuts a string to at most `n` characters.
pub fn truncate(s: &str, n: usize) -> String {
    s.chars().take(n).collect()
}

/// A sensible burial to show as the example: of the legal ones, the one that keeps the most
/// meld points under the best trump, then the one that buries the most card points (they
/// count for the soloist), then the first.
pub fn burial_example(view: &View) -> CardSet {
    let hand = view.hand.unwrap_or_default();
    let rules = binokel::Rules::from_json(&view.rules).unwrap_or_default();
    let mut best: Option<(u32, u32, CardSet)> = None;
    for a in &view.legal {
        let Action::Bury(b) = a else { continue };
        let Some(rest) = hand.minus(*b) else { continue };
        let melds = binokel::Suit::ALL
            .iter()
            .map(|&t| binokel::meld::melds(rest, Some(t), &rules).total())
            .max()
            .unwrap_or(0);
        let points: u32 = b.iter().map(|c| c.points()).sum();
        if best.is_none_or(|(m, p, _)| (melds, points) > (m, p)) {
            best = Some((melds, points, *b));
        }
    }
    best.map_or(CardSet::EMPTY, |(_, _, b)| b)
}

/// The legal actions as a numbered list (`#1 bid 160 · #2 pass`); burials are summarised.
pub fn legal_list(cat: &Catalog, view: &View) -> String {
    if view.legal.iter().any(|a| matches!(a, Action::Bury(_))) {
        let k = match view.legal.first() {
            Some(Action::Bury(s)) => s.len(),
            _ => 3,
        };
        let example = burial_example(view);
        return cat.ta(
            "prompt-bury",
            &[
                ("n", Arg::Num(k as i64)),
                ("example", Arg::Str(&cat.action_input(Action::Bury(example)))),
            ],
        );
    }
    let items: Vec<String> = view
        .legal
        .iter()
        .enumerate()
        .map(|(i, a)| format!("#{} {}", i + 1, cat.action_input(*a)))
        .collect();
    cat.ta("prompt-legal", &[("actions", Arg::Str(&items.join(" · ")))])
}

/// The message after a take-back: the actions as the person saw them (a bot's burial only as
/// its number of cards).
pub fn taken_back(cat: &Catalog, taken: &[Taken]) -> String {
    let list: Vec<String> = taken
        .iter()
        .map(|t| match t.action {
            Some(a) => cat.action(a),
            None if t.count == 0 => cat.t("act-give-hidden"),
            None => cat.ta("act-bury-hidden", &[("n", Arg::Num(t.count as i64))]),
        })
        .collect();
    cat.ta("undo-done", &[("actions", Arg::Str(&list.join(", ")))])
}

/// Why a take-back is refused: nothing of the person's in this deal yet, or hidden cards
/// shown since their last action.
pub fn take_back_refused(cat: &Catalog, e: binokel::TakeBackError) -> String {
    use binokel::{Reveal, TakeBackError};
    cat.t(match e {
        TakeBackError::NotActed => "undo-none",
        TakeBackError::Shown(Reveal::Tapp) => "undo-shown-tapp",
        TakeBackError::Shown(Reveal::Received) => "undo-shown-received",
        TakeBackError::Shown(Reveal::Drawn) => "undo-shown-drawn",
    })
}

/// The goodbye line with the command that continues this match: `binokel play --resume FILE`
/// naming the file that was used (a regression: the `--save` file was left out). A finished
/// match cannot be continued, so then the line names `binokel replay FILE` instead (a
/// regression: it offered `--resume`, which refuses a finished match).
pub fn goodbye(cat: &Catalog, save: Option<&std::path::Path>, finished: bool) -> String {
    let quote = |p: &std::path::Path| {
        let path = p.display().to_string();
        if path
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "/._-~+".contains(c))
        {
            path
        } else {
            format!("'{}'", path.replace('\'', "'\\''"))
        }
    };
    if finished {
        let command = match save {
            Some(p) => format!("binokel replay {}", quote(p)),
            None => "binokel replay --list".to_string(),
        };
        return cat.ta("bye-over", &[("command", Arg::Str(&command))]);
    }
    let command = match save {
        Some(p) => format!("binokel play --resume {}", quote(p)),
        None => "binokel play --resume".to_string(),
    };
    cat.ta("bye", &[("command", Arg::Str(&command))])
}

/// The verdict of a finished deal in numbers, for everybody at the table: `made: 307 ≥ 270`,
/// `went down: 190 < 200 → −400`, `Durch made → +1000`, `gave up → −150`. The soloist's
/// total (its side's with four players) is announced at the end, as the soloist counts it
/// out at a real table; the buried cards themselves stay the soloist's. None before the end
/// and for a redeal.
pub fn verdict(cat: &Catalog, deal: &binokel::Deal) -> Option<String> {
    let o = deal.outcome();
    if !o.complete || o.redeal {
        return None;
    }
    let sol = o.soloist?;
    let bid = o.bid?;
    let score = o.scores[sol];
    let side: Vec<Seat> = deal.team_of(sol).into_iter().flatten().collect();
    let took = side.iter().any(|&s| o.tricks[s] > 0);
    let melds: u32 = o.melds.map_or(0, |m| side.iter().map(|&s| m[s]).sum());
    let total: u32 = side.iter().map(|&s| o.card_points[s]).sum::<u32>() + if took { melds } else { 0 };
    let score_text = format!("{score:+}");
    let args = [
        ("total", Arg::Num(total as i64)),
        ("bid", Arg::Num(bid as i64)),
        ("score", Arg::Str(&score_text)),
    ];
    Some(match o.contract? {
        binokel::Contract::Trump(_) if score > 0 => cat.ta("verdict-made", &args),
        binokel::Contract::Trump(_) if !took => cat.ta("verdict-no-trick", &args),
        binokel::Contract::Trump(_) => cat.ta("verdict-down", &args),
        binokel::Contract::Durch if score > 0 => cat.ta("verdict-durch-made", &args),
        binokel::Contract::Durch => cat.ta("verdict-durch-lost", &args),
        binokel::Contract::Bettel if score > 0 => cat.ta("verdict-bettel-made", &args),
        binokel::Contract::Bettel => cat.ta("verdict-bettel-lost", &args),
        binokel::Contract::Surrender(_) => cat.ta("verdict-surrender", &args),
    })
}
