// The solver bench's positions, shared by benches/solver.rs and the examples solver_ab,
// probe_cost and table_size (included with `#[path]`), so that every figure is taken on the
// same deals.

use binokel::{Deal, Game, Phase, Rules, View};

/// Heuristic self-play of seeds 1, 2, ... under the standard rules. In each seed's deal,
/// before every action, `take` sees the game and the view of the seat to act: `None` plays
/// on, `Some(true)` takes the deal and the view there, `Some(false)` skips the seed (as does a
/// deal that ends first). Returns `count` of them in seed order.
fn self_play(count: usize, mut take: impl FnMut(&Game, &View) -> Option<bool>) -> Vec<(Deal, View)> {
    let mut out = Vec::new();
    let mut seed = 0u64;
    while out.len() < count {
        seed += 1;
        let mut game = Game::new(Rules::default(), Vec::new());
        game.start_seeded_deal(seed).expect("a seeded deal");
        let mut bots: Vec<_> = (0..3)
            .map(|i| binokel_ai::make_bot("heuristic", seed + i).expect("the heuristic bot"))
            .collect();
        while let Some(seat) = game.to_act() {
            let view = View::of(&game, Some(seat)).expect("the seat's view");
            match take(&game, &view) {
                Some(true) => {
                    out.push((*game.current().expect("a deal"), view));
                    break;
                }
                Some(false) => break,
                None => {}
            }
            let a = bots[seat].choose(&view);
            game.play(a).expect("a legal action");
        }
    }
    out
}

/// The bench's positions: trump games of heuristic self-play at the first trick boundary with
/// `left` tricks to go (a seed whose deal is no trump game there is skipped).
pub fn deals(left: u32, count: usize) -> Vec<Deal> {
    self_play(count, |game, _| {
        let d = game.current().expect("a deal");
        let at = d.phase() == Phase::Play
            && d.current_trick().is_empty()
            && d.total_tricks() - d.tricks_played() == left;
        at.then(|| d.trump().is_some())
    })
    .into_iter()
    .map(|(d, _)| d)
    .collect()
}

/// [`deals`] as the solver's positions, counting card points.
#[allow(dead_code)] // the bench and example `table_size` use it, the other examples do not
pub fn positions(left: u32, count: usize) -> Vec<binokel_ai::solver::Position> {
    use binokel_ai::solver::{Objective, Position};
    deals(left, count)
        .iter()
        .map(|d| Position::from_deal(d, Objective::Points).expect("a trump game in trick play"))
        .collect()
}

/// Views of heuristic self-play where the seat to act has a real choice in `phase` (for card
/// play: with `left` tricks to go).
pub fn views(phase: Phase, left: u32, count: usize) -> Vec<View> {
    self_play(count, |game, view| {
        let d = game.current().expect("a deal");
        let at = phase != Phase::Play || d.total_tricks() - d.tricks_played() == left;
        (view.phase == phase && at && view.legal.len() > 1).then_some(true)
    })
    .into_iter()
    .map(|(_, v)| v)
    .collect()
}

/// The median of a list of figures (the mean of the two middle ones for an even count): the
/// issue's solve-time goal is a median over positions.
#[allow(dead_code)] // the examples use it, the bench does not
pub fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    let m = v.len() / 2;
    if v.len() % 2 == 1 {
        v[m]
    } else {
        (v[m - 1] + v[m]) / 2.0
    }
}
