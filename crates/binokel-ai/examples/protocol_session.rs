//! Prints a complete engine-protocol session (host lines `>`, engine lines `<`) for
//! docs/engine-protocol.md: the `heuristic` bot as the engine for middlehand of a seeded
//! deal, from the greeting through the auction to its first card, then `quit`.
use binokel::{Action, Game, Low, Rules, View};
use binokel_ai::engine::{answer, HELLO};

fn main() {
    let mut engine = binokel_ai::make_bot("heuristic", 1).unwrap();
    let mut others = binokel_ai::make_bot("heuristic", 2).unwrap();
    let mut game = Game::new(Rules::default(), Vec::new());
    game.start_seeded_deal(42).unwrap();
    let me = (game.to_act().unwrap() + 1) % 3;
    let mut say = |line: String| -> Option<String> {
        println!("> {line}");
        let r = answer(engine.as_mut(), &line);
        if let Some(r) = &r {
            println!("< {r}");
        }
        r
    };
    say(HELLO.to_string());
    let mut hinted = false;
    while let Some(seat) = game.to_act() {
        let view = View::of(&game, Some(seat)).unwrap();
        if seat != me {
            game.play(others.choose(&view)).unwrap();
            continue;
        }
        let json = serde_json::to_string(&view).unwrap();
        if !hinted {
            say(format!("hint {json}"));
            hinted = true;
        }
        let reply = say(format!("choose {json}")).unwrap();
        let a = Action::parse(reply.strip_prefix("action ").unwrap(), Low::Nine).unwrap();
        game.play(a).unwrap();
        if matches!(a, Action::Play(_)) {
            break;
        }
    }
    say("quit".into());
}
