//! Fills a database with finished matches, to measure `binokel backup` and `binokel restore`
//! on a club's database (docs/deploy.md, "How long a restore takes"); not run by the tests.
//!
//!     cargo run --release -p binokel-cli --example finished_matches -- \
//!         sqlite:///tmp/club.sqlite3 10000
//!
//! Each match is three heuristic bots playing the standard game to its end, stored the way
//! the server stores one (the table, its seats and every action, status `finished`, no
//! lease). Playing 10,000 matches takes the bots about 10 minutes of a core, so 100 distinct
//! matches (seeds) are played and each is stored again under further codes with its seed:
//! every stored table replays to a finished match, and the database has the size and row
//! count of 10,000 matches, which is what a backup and a restore copy. The database must not
//! hold tables with the same codes (a fresh file is best).

use binokel::{Game, Rules, View};
use binokel_server::protocol::{SeatKind, Status};
use binokel_server::store::{deal_seed, Store, StoredSeat};
use sqlx::Connection;
use std::time::{Duration, Instant};

/// Matches played by the bots; the others repeat them under other codes.
const DISTINCT: u64 = 100;

/// One stored action: (deal, index, seat, action token).
type Row = (usize, usize, usize, String);

/// One match as its rows.
fn play_match(seed: u64) -> Result<Vec<Row>, String> {
    let rules = Rules::default();
    let names = ["Karle", "Gottlieb", "Frieda"].map(String::from).to_vec();
    let mut game = Game::new(rules, names);
    let mut bots = (0..3)
        .map(|s| binokel_ai::make_bot("heuristic", seed ^ (s as u64 + 1)))
        .collect::<Result<Vec<_>, _>>()?;
    let mut rows = Vec::new();
    while !game.is_over() {
        if game.needs_deal() {
            let n = game.deals().len();
            game.start_seeded_deal(deal_seed(seed, n))
                .map_err(|e| e.to_string())?;
            continue;
        }
        let seat = game.to_act().ok_or("nobody to act in a running deal")?;
        let view = View::of(&game, Some(seat)).ok_or("no view")?;
        let a = bots[seat].choose(&view);
        let deal = game.deals().len() - 1;
        let index = game.deals()[deal].actions.len();
        rows.push((deal, index, seat, a.token(rules.low)));
        game.play(a).map_err(|e| e.to_string())?;
    }
    Ok(rows)
}

fn code_of(n: u64) -> String {
    let abc = binokel_server::CODE_ALPHABET;
    let mut x = n;
    (0..6)
        .map(|_| {
            let c = abc[(x % abc.len() as u64) as usize] as char;
            x /= abc.len() as u64;
            c
        })
        .collect()
}

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().collect();
    let (Some(database), Some(count)) = (args.get(1), args.get(2)) else {
        return Err("usage: finished_matches sqlite://PATH COUNT".into());
    };
    let count: u64 = count.parse().map_err(|e| format!("COUNT: {e}"))?;
    let path = binokel_server::store::sqlite_path(database)
        .filter(|p| !p.is_empty())
        .ok_or("a sqlite://PATH database")?
        .to_string();
    let store = Store::open(database).await.map_err(|e| e.to_string())?;
    let mut raw = sqlx::sqlite::SqliteConnection::connect(&format!("sqlite://{path}"))
        .await
        .map_err(|e| e.to_string())?;
    let started = Instant::now();
    let seats: Vec<StoredSeat> = (0..3)
        .map(|_| StoredSeat {
            kind: SeatKind::Bot,
            bot: Some("heuristic".into()),
            name: None,
            token: None,
            account: None,
            former: false,
            forfeit: false,
        })
        .collect();
    let mut actions = 0usize;
    let mut played_by_seed: std::collections::HashMap<u64, Vec<Row>> = std::collections::HashMap::new();
    let mut n = 0;
    while n < count {
        // A batch of 500: the tables through the server's store, then their actions in one
        // transaction.
        let batch: Vec<u64> = (n..count.min(n + 500)).collect();
        let mut rows = Vec::new();
        for &m in &batch {
            let seed = 0x5EED_0000 + m % DISTINCT;
            let code = code_of(m);
            let played = match played_by_seed.entry(seed) {
                std::collections::hash_map::Entry::Occupied(e) => e.get().clone(),
                std::collections::hash_map::Entry::Vacant(e) => e.insert(play_match(seed)?).clone(),
            };
            actions += played.len();
            if !store
                .create_table(
                    &code,
                    &Rules::default(),
                    seed,
                    &seats,
                    None,
                    ("gen", "http://gen", Duration::from_secs(1)),
                )
                .await
                .map_err(|e| e.to_string())?
            {
                return Err(format!("table {code} exists already: use a fresh database"));
            }
            rows.push((code, played));
        }
        let mut tx = raw.begin().await.map_err(|e| e.to_string())?;
        for (code, played) in rows {
            for (deal, index, seat, token) in played {
                sqlx::query(
                    "INSERT INTO actions (code, deal, idx, seat, action) VALUES ($1, $2, $3, $4, $5)",
                )
                .bind(&code)
                .bind(deal as i64)
                .bind(index as i64)
                .bind(seat as i64)
                .bind(token)
                .execute(&mut *tx)
                .await
                .map_err(|e| e.to_string())?;
            }
        }
        tx.commit().await.map_err(|e| e.to_string())?;
        n += batch.len() as u64;
        if n % 1000 == 0 || n == count {
            eprintln!(
                "{n} matches, {actions} actions, {:.0} s",
                started.elapsed().as_secs_f64()
            );
        }
    }
    for n in 0..count {
        let code = code_of(n);
        store
            .set_status(&code, Status::Finished)
            .await
            .map_err(|e| e.to_string())?;
        store
            .release_lease(&code, "gen")
            .await
            .map_err(|e| e.to_string())?;
    }
    let _ = raw.close().await;
    store.close().await;
    println!(
        "{count} finished matches, {actions} actions in {database}, in {:.0} s",
        started.elapsed().as_secs_f64()
    );
    Ok(())
}
