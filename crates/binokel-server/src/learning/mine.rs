//! Puzzles from server matches (`binokel puzzles mine`, docs/puzzles.md "Puzzles from server
//! matches"): the finished matches whose every person allowed it ([`store::puzzle_matches`])
//! are rebuilt from the database and each deal is walked and solved exactly as the generator
//! does with bot deals ([`binokel_ai::puzzle::generate::played_puzzles`]).

use super::store;
use crate::store::{Store, StoreError};
use binokel_ai::puzzle::generate::played_puzzles;
use binokel_ai::puzzle::{Origin, PuzzleSet, FORMAT};

/// The puzzle set of the matches that may be used: ids `m<CODE>-d<deal>-a<action>-<o|v>`, in
/// the order the matches were made, then deal order. `progress` is called after each match
/// with the matches done and the puzzles found.
pub async fn mine(db: &Store, progress: impl Fn(usize, usize)) -> Result<PuzzleSet, StoreError> {
    let codes = store::puzzle_matches(db).await?;
    let mut puzzles = Vec::new();
    let mut deals = 0u64;
    for (n, code) in codes.iter().enumerate() {
        let Some(stored) = db.load_table(code).await? else {
            continue;
        };
        let game = match crate::store::rebuild_game(&stored) {
            Ok(Some(g)) => g,
            Ok(None) => continue,
            Err(e) => return Err(StoreError(format!("table {code} does not replay: {e}"))),
        };
        let rules = *game.rules();
        let logs: Vec<_> = game.deals().to_vec();
        let code = code.clone();
        // The solving is CPU work: off the async threads.
        let found = tokio::task::spawn_blocking(move || {
            logs.iter()
                .enumerate()
                .flat_map(|(i, log)| {
                    played_puzzles(
                        &rules,
                        &log.start,
                        log.seed,
                        &log.actions,
                        &format!("m{code}-d{i}"),
                    )
                })
                .collect::<Vec<_>>()
        })
        .await
        .map_err(|e| StoreError(format!("the solving thread failed: {e}")))?;
        deals += game.deals().len() as u64;
        puzzles.extend(found);
        progress(n + 1, puzzles.len());
    }
    Ok(PuzzleSet {
        format: FORMAT.into(),
        origin: Origin {
            command: "binokel puzzles mine".into(),
            seed: 0,
            bot: String::new(),
            deals,
        },
        puzzles,
    })
}
