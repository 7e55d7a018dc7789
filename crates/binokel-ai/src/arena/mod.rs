//! The arena's match runner: duplicate deal sets (one seeded deal replayed with the bots
//! rotated through the seats), per-bot statistics with 95% confidence intervals. Two, three
//! and four seats ([`arrangements`] says who sits where in each).

use crate::budget::Budget;
use crate::engine::ExternalBot;
use crate::info::Info;
use crate::strong::StrongBot;
use crate::{Bot, HeuristicBot};
use binokel::{Contract, Game, Rules, View};
use serde_json::{json, Value};
use std::time::{Duration, Instant};

pub mod matches;
pub use matches::{play_match_set, summarize_matches, table_matches};

/// The name of the omniscient seat: the `strong` search given the true deal (no sampling),
/// at [`OMNISCIENT_BUDGET`].
pub const OMNISCIENT: &str = "omniscient";

/// The omniscient seat's budget: `strong`'s, with the exact solver from 10 tricks left (on
/// the one true deal a solve from 10 tricks costs milliseconds).
pub const OMNISCIENT_BUDGET: Budget = Budget {
    solver_tricks: 10,
    ..Budget::STRONG
};

/// A reference seat that sees the true deal only in the auction, the burial and the
/// declaration and plays its cards as `strong-v1` (sampling): with [`OMNISCIENT_PLAY`], it
/// splits the omniscient seat's margin into what the bidding and what the card play lose.
pub const OMNISCIENT_AUCTION: &str = "omniscient-auction";

/// A reference seat that bids, buries and declares as `strong-v1` (sampling) and sees the
/// true deal only in card play (see [`OMNISCIENT_AUCTION`]).
pub const OMNISCIENT_PLAY: &str = "omniscient-play";

/// A reference seat: `strong-v1` told the Tapp in the auction (the other hands still
/// sampled; in every other phase plain `strong-v1`). Against [`OMNISCIENT_AUCTION`] it
/// splits what the auction loses into what only the hidden Tapp explains and what the other
/// hands (so, in part, reading the other bids) could.
pub const TAPP_PEEK: &str = "tapp-peek";

/// One seat's player in the arena: a named bot, `omniscient` (or one of its halves),
/// [`TAPP_PEEK`], or `cmd:<command line>`.
pub enum Player {
    /// A bot of this crate.
    Bot(Box<dyn Bot>),
    /// The strong search on the true deal (the upper bound; arena only).
    Omniscient(Box<StrongBot>),
    /// The strong search on the true deal in some phases only, `rest` (`strong-v1`) in
    /// the others: `auction` true for [`OMNISCIENT_AUCTION`], false for [`OMNISCIENT_PLAY`].
    Peek {
        /// The search on the true deal.
        truth: Box<StrongBot>,
        /// The sampling bot of the other phases.
        rest: Box<dyn Bot>,
        /// Whether the true deal is seen in the auction, burial and declaration (else in
        /// card play).
        auction: bool,
    },
    /// [`TAPP_PEEK`]: `strong-v1` and the rng of its auction samples.
    TappPeek(Box<StrongBot>, rand_chacha::ChaCha8Rng),
    /// An outside program.
    External(ExternalBot),
}

/// Checks a seat name: a known bot, `omniscient` or `cmd:...`.
pub fn check_seat(name: &str) -> Result<(), String> {
    if [OMNISCIENT, OMNISCIENT_AUCTION, OMNISCIENT_PLAY, TAPP_PEEK].contains(&name) {
        return Ok(());
    }
    if let Some(cmd) = name.strip_prefix("cmd:") {
        return if cmd.trim().is_empty() {
            Err("`cmd:` wants a command line after the colon, e.g. `cmd:python3 bot.py`".into())
        } else {
            Ok(())
        };
    }
    crate::make_bot(name, 0).map(|_| ())
}

fn player(name: &str, seed: u64, timeout: Duration) -> Player {
    if name == OMNISCIENT {
        Player::Omniscient(Box::new(StrongBot::new(OMNISCIENT, OMNISCIENT_BUDGET, seed)))
    } else if name == TAPP_PEEK {
        use rand::SeedableRng;
        let bot = StrongBot::new(TAPP_PEEK, Budget::STRONG, seed);
        Player::TappPeek(
            Box::new(bot),
            rand_chacha::ChaCha8Rng::seed_from_u64(seed ^ 0x7a77),
        )
    } else if name == OMNISCIENT_AUCTION || name == OMNISCIENT_PLAY {
        Player::Peek {
            truth: Box::new(StrongBot::new(name, OMNISCIENT_BUDGET, seed)),
            rest: crate::make_bot("strong-v1", seed).expect("a bundled bot"),
            auction: name == OMNISCIENT_AUCTION,
        }
    } else if let Some(cmd) = name.strip_prefix("cmd:") {
        Player::External(ExternalBot::spawn(cmd, timeout))
    } else {
        Player::Bot(crate::make_bot(name, seed).expect("seat names are checked first"))
    }
}

/// The seat assignments of one deal set for `players` seats: entry `k` of the result gives,
/// for each seat, the index of the bot sitting there in the `k`-th play of the deal.
///
/// - Three seats: with two bots every arrangement of them (six plays, each bot in every
///   seat, alone against two and two against one), with three the three rotations, with one
///   a single play.
/// - Four seats (partners opposite): with two bots A/B/A/B and B/A/B/A, so each bot plays
///   both partnerships' cards and sits in every seat, and the partners are always the same
///   bot (a mixed partnership would measure how two bots get on together, not which is
///   stronger). With four bots A B C D the four rotations (A/B/C/D, D/A/B/C, C/D/A/B,
///   B/C/D/A): each bot sits in every seat once, and the first and third name always play
///   together against the second and fourth. One bot: a single play.
/// - Two seats: with two bots the deal is played once and again with the seats swapped.
///   One bot: a single play.
pub fn arrangements(bots: &[String], players: usize) -> Result<Vec<Vec<usize>>, String> {
    let v = |rows: &[&[usize]]| rows.iter().map(|r| r.to_vec()).collect();
    match (players, bots.len()) {
        (_, 0) => Err("the arena needs at least one seat name".into()),
        (2..=4, 1) => Ok(vec![vec![0; players]]),
        (3, 2) => Ok(v(&[
            &[0, 1, 1],
            &[1, 0, 1],
            &[1, 1, 0],
            &[1, 0, 0],
            &[0, 1, 0],
            &[0, 0, 1],
        ])),
        (3, 3) => Ok(v(&[&[0, 1, 2], &[2, 0, 1], &[1, 2, 0]])),
        (4, 2) => Ok(v(&[&[0, 1, 0, 1], &[1, 0, 1, 0]])),
        (4, 4) => Ok(v(&[&[0, 1, 2, 3], &[3, 0, 1, 2], &[2, 3, 0, 1], &[1, 2, 3, 0]])),
        (2, 2) => Ok(v(&[&[0, 1], &[1, 0]])),
        (2..=4, n) => Err(format!(
            "{n} seat names for {players} players: give {}",
            match players {
                3 => "one to three",
                4 => "one, two or four",
                _ => "one or two",
            }
        )),
        (p, _) => Err(format!("the arena plays two, three or four seats, not {p}")),
    }
}

/// The seed of deal set `i` of a run.
pub fn set_seed(seed: u64, i: u64) -> u64 {
    let mut z = seed ^ i.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Plays deal set `i`: the same seeded deal once per arrangement. Returns one JSON object
/// (the line the results file keeps).
pub fn play_set(bots: &[String], rules: Rules, seed: u64, i: u64, timeout: Duration) -> Value {
    let s = set_seed(seed, i);
    let n = usize::from(rules.players);
    let arrs = match arrangements(bots, n) {
        Ok(a) => a,
        Err(e) => return json!({"set": i, "error": e}),
    };
    let mut plays = Vec::new();
    for (k, arr) in arrs.into_iter().enumerate() {
        let mut game = Game::new(rules, Vec::new());
        if let Err(e) = game.start_seeded_deal(s) {
            return json!({"set": i, "error": e.to_string()});
        }
        let mut seats = SeatLog::new(n);
        if let Err(e) = play_deal(bots, &arr, &mut game, s ^ ((k as u64) << 8), timeout, &mut seats) {
            return json!({"set": i, "error": e});
        }
        let d = game.current().expect("deal");
        let o = d.outcome();
        let contract = o.contract.map(Contract::name);
        let sol = o.soloist;
        plays.push(json!({
            "seats": arr.iter().map(|&b| bots[b].clone()).collect::<Vec<_>>(),
            // Which entry of the seat list sits in each seat: the summary counts by this, so
            // the same name given twice (`random,random`) is two entries.
            "bot_index": arr,
            "scores": o.scores[..n].to_vec(),
            "soloist": sol,
            "bid": o.bid,
            "contract": contract,
            "made": made(d),
            "ms": seats.ms,
            "decisions": seats.decisions,
            "log": seats.log,
        }));
    }
    json!({"set": i, "seed": s, "plays": plays})
}

/// Whether the soloist of a finished deal made its contract (None without a soloist); a
/// surrender is not made.
fn made(d: &binokel::Deal) -> Option<bool> {
    let o = d.outcome();
    o.soloist
        .map(|s| o.scores[s] > 0 && !matches!(o.contract, Some(Contract::Surrender(_))))
}

/// What the seats did over one or more plays: time and decisions per seat, and the faults
/// (illegal actions of outside engines, their logs).
struct SeatLog {
    ms: Vec<f64>,
    decisions: Vec<u32>,
    log: Vec<String>,
}

impl SeatLog {
    fn new(n: usize) -> SeatLog {
        SeatLog {
            ms: vec![0.0; n],
            decisions: vec![0; n],
            log: Vec::new(),
        }
    }
}

/// Plays the deal in progress in `game` to its end, each seat's player made fresh (bot
/// `bots[arr[seat]]`, seeded by `seed ^ seat`), and adds what the seats did to `seats`. An
/// illegal action is logged and replaced by the first legal one; outside engines are told
/// how the deal ended.
fn play_deal(
    bots: &[String],
    arr: &[usize],
    game: &mut Game,
    seed: u64,
    timeout: Duration,
    seats: &mut SeatLog,
) -> Result<(), String> {
    let n = game.players();
    let mut players: Vec<Player> = (0..n)
        .map(|seat| player(&bots[arr[seat]], seed ^ seat as u64, timeout))
        .collect();
    while let Some(seat) = game.to_act() {
        let view = View::of(game, Some(seat)).expect("a deal is in progress");
        let t = Instant::now();
        let a = act(&mut players[seat], &view, game);
        seats.ms[seat] += t.elapsed().as_secs_f64() * 1000.0;
        seats.decisions[seat] += 1;
        let a = if view.legal.contains(&a) {
            a
        } else {
            seats.log.push(format!(
                "seat {seat} ({}) chose illegal {a:?}; played the first legal action",
                bots[arr[seat]]
            ));
            view.legal[0]
        };
        if game.play(a).is_err() {
            return Err(format!("the engine refused {a:?}"));
        }
    }
    // Each outside engine is told how the deal ended (every hand revealed), then quits.
    for (seat, p) in players.iter_mut().enumerate() {
        if let Player::External(x) = p {
            x.finish(&crate::engine::result_of(game, seat));
            seats.log.extend(x.log.iter().cloned());
        }
    }
    Ok(())
}

/// The action of `p` in `view` (`game` is the true state, for the seats that see it).
fn act(p: &mut Player, view: &View, game: &Game) -> binokel::Action {
    let n = game.players();
    match p {
        Player::Bot(b) => b.choose(view),
        Player::External(b) => b.choose(view),
        Player::Omniscient(b) => omniscient_choice(b, view, game),
        Player::TappPeek(b, rng) => {
            let told = (view.phase == binokel::Phase::Auction && n > 2)
                .then(|| Info::from_view(view).ok())
                .flatten();
            match told {
                Some(info) => {
                    let truth = game.current().expect("a deal is in progress");
                    let deals = tapp_told(&info, truth, Budget::STRONG.deal_samples, rng);
                    b.evaluate_with_deals(view, &info, &deals)[0].0
                }
                None => b.choose(view),
            }
        }
        Player::Peek { truth, rest, auction } => {
            if (view.phase == binokel::Phase::Play) != *auction {
                omniscient_choice(truth, view, game)
            } else {
                rest.choose(view)
            }
        }
    }
}

/// `n` deals that fit `info` (a seat's view in the auction) with the Tapp of `truth` and
/// the other hands dealt at random from the rest of the unseen cards (in the auction nothing
/// else is known of them), the auction so far replayed.
pub fn tapp_told(
    info: &Info,
    truth: &binokel::Deal,
    n: usize,
    rng: &mut rand_chacha::ChaCha8Rng,
) -> Vec<binokel::Deal> {
    use rand::seq::SliceRandom;
    let setup = truth.setup();
    let mut unseen: Vec<binokel::Card> = Vec::new();
    for (seat, h) in setup.hands.iter().enumerate() {
        if seat != info.me {
            unseen.extend(h.iter());
        }
    }
    let mut out = Vec::with_capacity(n);
    for _ in 0..n {
        unseen.shuffle(rng);
        let mut s = setup.clone();
        let mut next = unseen.iter();
        for (seat, h) in s.hands.iter_mut().enumerate() {
            if seat != info.me {
                let size = h.len();
                *h = binokel::CardSet::EMPTY;
                for &c in next.by_ref().take(size) {
                    h.insert(c);
                }
            }
        }
        let Ok(mut d) = binokel::Deal::new(&s) else {
            continue;
        };
        for &(_, a) in &info.history {
            if let Some(a) = a {
                d.play_unchecked(a);
            }
        }
        out.push(d);
    }
    out
}

/// The omniscient search's action at `view`, valued on the true deal of `game`.
fn omniscient_choice(b: &mut StrongBot, view: &View, game: &Game) -> binokel::Action {
    let truth = *game.current().expect("a deal is in progress");
    if game.rules().players == 2 {
        return crate::two::omniscient_hint(view, &truth, &Budget::STRONG)[0].0;
    }
    match Info::from_view(view) {
        Ok(info) => b.evaluate_with_deals(view, &info, &[truth])[0].0,
        // Views the search cannot model (a called card's hidden giver) are played as the
        // strong bot plays them: the heuristic's choice.
        Err(_) => HeuristicBot::new(0).choose(view),
    }
}

/// One bot's line of the final table.
#[derive(Clone, Debug, Default)]
pub struct BotStats {
    /// The seat name.
    pub name: String,
    /// Mean deal score per seat and deal.
    pub mean_score: f64,
    /// 95% confidence interval of the mean (over deal sets).
    pub ci95: [f64; 2],
    /// Deals in which it was the soloist (surrenders included).
    pub contracts: u64,
    /// Contracts made.
    pub made: u64,
    /// Surrenders.
    pub surrenders: u64,
    /// Mean milliseconds per decision.
    pub mean_decision_ms: f64,
    /// Seat-deals played.
    pub seat_deals: u64,
}

fn mean_ci(xs: &[f64]) -> (f64, [f64; 2]) {
    let n = xs.len() as f64;
    if xs.is_empty() {
        return (0.0, [0.0, 0.0]);
    }
    let m = xs.iter().sum::<f64>() / n;
    if xs.len() < 2 {
        return (m, [m, m]);
    }
    let var = xs.iter().map(|x| (x - m).powi(2)).sum::<f64>() / (n - 1.0);
    let h = 1.96 * (var / n).sqrt();
    (m, [m - h, m + h])
}

/// The summary of a run: per-bot statistics and, with two bots, the per-set difference of
/// the first minus the second with its 95% interval. `sets` are `play_set` objects.
pub fn summarize(bots: &[String], sets: &[Value]) -> Value {
    let mut stats: Vec<BotStats> = bots
        .iter()
        .map(|b| BotStats {
            name: b.clone(),
            ..Default::default()
        })
        .collect();
    let mut per_set: Vec<Vec<f64>> = vec![Vec::new(); bots.len()];
    let mut ms_sum = vec![0.0; bots.len()];
    let mut dec_sum = vec![0u64; bots.len()];
    let mut diffs = Vec::new();
    let mut external_faults = 0usize;
    for set in sets {
        let Some(plays) = set["plays"].as_array() else {
            continue;
        };
        let mut sum = vec![0.0; bots.len()];
        let mut cnt = vec![0u32; bots.len()];
        for p in plays {
            let seats: Vec<&str> = p["seats"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(Value::as_str)
                .collect();
            external_faults += p["log"].as_array().map_or(0, Vec::len);
            let index: Vec<Option<usize>> = match p["bot_index"].as_array() {
                Some(ix) => ix.iter().map(|i| i.as_u64().map(|i| i as usize)).collect(),
                // Results files from before `bot_index`: by name.
                None => seats.iter().map(|n| bots.iter().position(|x| x == n)).collect(),
            };
            for (seat, b) in index.into_iter().enumerate() {
                let Some(b) = b.filter(|&b| b < bots.len()) else {
                    continue;
                };
                let score = p["scores"][seat].as_f64().unwrap_or(0.0);
                sum[b] += score;
                cnt[b] += 1;
                stats[b].seat_deals += 1;
                ms_sum[b] += p["ms"][seat].as_f64().unwrap_or(0.0);
                dec_sum[b] += p["decisions"][seat].as_u64().unwrap_or(0);
                if p["soloist"].as_u64() == Some(seat as u64) {
                    stats[b].contracts += 1;
                    if p["made"].as_bool() == Some(true) {
                        stats[b].made += 1;
                    }
                    if p["contract"].as_str() == Some("surrender") {
                        stats[b].surrenders += 1;
                    }
                }
            }
        }
        let means: Vec<f64> = sum
            .iter()
            .zip(&cnt)
            .map(|(s, &c)| if c > 0 { s / f64::from(c) } else { 0.0 })
            .collect();
        for (b, m) in means.iter().enumerate() {
            if cnt[b] > 0 {
                per_set[b].push(*m);
            }
        }
        if bots.len() == 2 && cnt[0] > 0 && cnt[1] > 0 {
            diffs.push(means[0] - means[1]);
        }
    }
    for (b, s) in stats.iter_mut().enumerate() {
        let (m, ci) = mean_ci(&per_set[b]);
        s.mean_score = m;
        s.ci95 = ci;
        s.mean_decision_ms = if dec_sum[b] > 0 {
            ms_sum[b] / dec_sum[b] as f64
        } else {
            0.0
        };
    }
    let round = |x: f64| (x * 10.0).round() / 10.0;
    let mut out = json!({
        "deals": sets.iter().filter(|s| s["plays"].is_array()).count(),
        "bots": stats.iter().enumerate().map(|(i, s)| json!({
            "name": s.name,
            "index": i,
            "mean_score": round(s.mean_score),
            "ci95": [round(s.ci95[0]), round(s.ci95[1])],
            "contracts": s.contracts,
            "made": s.made,
            "surrenders": s.surrenders,
            "mean_decision_ms": (s.mean_decision_ms * 100.0).round() / 100.0,
            "seat_deals": s.seat_deals,
        })).collect::<Vec<_>>(),
    });
    if bots.len() == 2 {
        let (m, ci) = mean_ci(&diffs);
        out["difference"] = json!({
            "of": difference_of(bots),
            "mean": round(m),
            "ci95": [round(ci[0]), round(ci[1])],
        });
    }
    out["faults_logged"] = json!(external_faults);
    out
}

/// The rows of a summary, each row's name as a table writes it (a name given more than
/// once with its place in the seat list: `random #2`), and the name column's width (the
/// longest name, at least 3).
fn named_rows(summary: &Value) -> (Vec<&Value>, Vec<String>, usize) {
    let rows: Vec<&Value> = summary["bots"].as_array().into_iter().flatten().collect();
    let names: Vec<String> = rows
        .iter()
        .map(|b| {
            let name = b["name"].as_str().unwrap_or("?");
            let twice = rows.iter().filter(|o| o["name"].as_str() == Some(name)).count() > 1;
            match b["index"].as_u64() {
                Some(i) if twice => format!("{name} #{}", i + 1),
                _ => name.to_string(),
            }
        })
        .collect();
    let w = names.iter().map(|n| n.chars().count()).max().unwrap_or(0).max(3);
    (rows, names, w)
}

/// How the difference of two seat names is written (`a - b`, or `a #1 - a #2`).
fn difference_of(bots: &[String]) -> String {
    if bots[0] == bots[1] {
        format!("{0} #1 - {0} #2", bots[0])
    } else {
        format!("{} - {}", bots[0], bots[1])
    }
}

/// A readable table of a summary. The name column is as wide as the longest name (a long
/// `cmd:` command line keeps the other columns in line); a name given more than once is
/// written with its place in the seat list (`random #2`).
pub fn table(summary: &Value) -> String {
    let (rows, names, w) = named_rows(summary);
    let mut s = format!(
        "{} deal sets\n{:<w$} {:>10} {:>20} {:>9} {:>6} {:>10} {:>12}\n",
        summary["deals"],
        "bot",
        "mean/deal",
        "95% interval",
        "contracts",
        "made",
        "surrenders",
        "ms/decision"
    );
    for (b, name) in rows.iter().zip(&names) {
        s += &format!(
            "{:<w$} {:>10.1} {:>20} {:>9} {:>6} {:>10} {:>12.2}\n",
            name,
            b["mean_score"].as_f64().unwrap_or(0.0),
            format!(
                "[{:.1}, {:.1}]",
                b["ci95"][0].as_f64().unwrap_or(0.0),
                b["ci95"][1].as_f64().unwrap_or(0.0)
            ),
            // Numbers as integers: a JSON value's Display ignores the column width.
            b["contracts"].as_u64().unwrap_or(0),
            b["made"].as_u64().unwrap_or(0),
            b["surrenders"].as_u64().unwrap_or(0),
            b["mean_decision_ms"].as_f64().unwrap_or(0.0),
        );
    }
    if let Some(d) = summary.get("difference") {
        s += &format!(
            "difference {}: {:.1} per deal and seat, 95% interval [{:.1}, {:.1}]\n",
            d["of"].as_str().unwrap_or(""),
            d["mean"].as_f64().unwrap_or(0.0),
            d["ci95"][0].as_f64().unwrap_or(0.0),
            d["ci95"][1].as_f64().unwrap_or(0.0)
        );
    }
    s
}

/// How one set is played: [`play_set`] (a deal) or [`play_match_set`] (a whole match).
pub type PlaySet = fn(&[String], Rules, u64, u64, Duration) -> Value;

/// Plays the sets `todo` with `play` in parallel (rayon; `threads` 0 = all cores), calling
/// `done` with each finished set as soon as it is finished.
#[allow(clippy::too_many_arguments)]
pub fn run_sets(
    play: PlaySet,
    bots: &[String],
    rules: Rules,
    seed: u64,
    todo: &[u64],
    timeout: Duration,
    threads: usize,
    done: &(dyn Fn(Value) + Sync),
) -> Result<(), String> {
    use rayon::prelude::*;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| format!("could not start worker threads: {e}"))?;
    pool.install(|| {
        todo.par_iter()
            .for_each(|&i| done(play(bots, rules, seed, i, timeout)));
    });
    Ok(())
}
