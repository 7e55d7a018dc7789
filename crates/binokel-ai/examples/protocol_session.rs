//! Prints a complete engine-protocol session (host lines `>`, engine lines `<`) for
//! docs/engine-protocol.md: the `heuristic` bot as the engine for middlehand of a seeded
//! deal, from the greeting through the auction to its first card; the rest of the deal is
//! played through the engine too but its `choose` lines are only counted; then the `result`
//! line and `quit`, as the arena sends them.
use binokel::{Action, Game, Low, Rules, View};
use binokel_ai::engine::{answer, result_of, Reply, HELLO};

fn main() {
    let mut engine = binokel_ai::make_bot("heuristic", 1).unwrap();
    let mut others = binokel_ai::make_bot("heuristic", 2).unwrap();
    let mut game = Game::new(Rules::default(), Vec::new());
    game.start_seeded_deal(42).unwrap();
    let me = (game.to_act().unwrap() + 1) % 3;
    let mut quiet = false;
    let mut elided = 0;
    let mut say = |line: String, quiet: bool| -> Option<String> {
        if !quiet {
            println!("> {line}");
        }
        match answer(engine.as_mut(), &line) {
            Reply::Line(r) => {
                if !quiet {
                    println!("< {r}");
                }
                Some(r)
            }
            Reply::Nothing | Reply::Quit => None,
        }
    };
    say(HELLO.to_string(), false);
    let mut hinted = false;
    while let Some(seat) = game.to_act() {
        let view = View::of(&game, Some(seat)).unwrap();
        if seat != me {
            game.play(others.choose(&view)).unwrap();
            continue;
        }
        let json = serde_json::to_string(&view).unwrap();
        if !hinted {
            say(format!("hint {json}"), false);
            hinted = true;
        }
        let reply = say(format!("choose {json}"), quiet).unwrap();
        elided += usize::from(quiet);
        let a = Action::parse(reply.strip_prefix("action ").unwrap(), Low::Nine).unwrap();
        game.play(a).unwrap();
        quiet |= matches!(a, Action::Play(_));
    }
    println!("  ({elided} more `choose` and `action` lines, one per card, to the end of the deal)");
    say(format!("result {}", result_of(&game, me)), false);
    say("quit".into(), false);
}
