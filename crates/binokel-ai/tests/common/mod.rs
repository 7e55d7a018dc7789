//! Shared by the bot tests: views from seeded deals played by the heuristic.

use binokel::{Deal, Game, Rules, View};

/// The views that `keep` picks (it sees each view and the deal behind it) while the
/// heuristic plays one seeded standard deal per seed, its bots seeded `seed * 3 + seat`.
pub fn heuristic_views(seeds: std::ops::Range<u64>, mut keep: impl FnMut(&View, &Deal) -> bool) -> Vec<View> {
    let mut out = Vec::new();
    for seed in seeds {
        let mut game = Game::new(Rules::default(), Vec::new());
        game.start_seeded_deal(seed).unwrap();
        let mut bots: Vec<_> = (0..3)
            .map(|i| binokel_ai::make_bot("heuristic", seed * 3 + i).unwrap())
            .collect();
        while let Some(seat) = game.to_act() {
            let view = View::of(&game, Some(seat)).unwrap();
            if keep(&view, game.current().unwrap()) {
                out.push(view.clone());
            }
            let a = bots[seat].choose(&view);
            game.play(a).unwrap();
        }
    }
    out
}
