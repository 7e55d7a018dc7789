//! The engine protocol (`docs/engine-protocol.md`): a line-based protocol on stdin/stdout so
//! a bot written in any language can play.
//!
//! The host writes one command per line and the engine answers each with one line:
//!
//! ```text
//! host:   binokel-engine 1
//! engine: ready NAME
//! host:   choose {"seat":1, ... a View as JSON on one line ...}
//! engine: action bid 160
//! host:   hint {...view...}
//! engine: hint [["bid 160", 12.5], ["pass", 4.0]]
//! host:   result {"seat":1,"record":{...},"verdict":{...}}
//! host:   quit
//! ```
//!
//! `result` (the finished deal with every hand) and `quit` have no answer; the host sends
//! `result` only as the last line before `quit` and reads nothing after it, so an engine that
//! answers `error` to a command it does not know still works.
//!
//! [`serve`] is the engine side (what `binokel engine --bot NAME` runs); [`ExternalBot`] is
//! the host side the arena uses for `cmd:<command line>` seats. A misbehaving engine (an
//! illegal or unreadable answer, silence past the time limit, a crash) loses that decision:
//! the host plays the first legal action instead and says so in its log.

use crate::Bot;
use binokel::{Action, Game, Low, Rules, Seat, View};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// The protocol's greeting line (its version is the number).
pub const HELLO: &str = "binokel-engine 1";

/// Tokens are written as in the view's JSON, in the notation of the view's rules: the low
/// card is `7` under the sevens house rule (a v1 correction; `9` was written before).
fn low_of(view: &View) -> Low {
    Rules::from_json(&view.rules).map_or(Low::Nine, |r| r.low)
}

/// Reads an engine's token: the rules' own notation, or `9` for the low card as well.
fn parse_token(token: &str, low: Low) -> Result<Action, binokel::ParseError> {
    Action::parse(token, low).or_else(|e| Action::parse(token, Low::Nine).map_err(|_| e))
}

/// What an engine does with one protocol line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// Write this line.
    Line(String),
    /// Write nothing (`result`).
    Nothing,
    /// Stop (`quit`).
    Quit,
}

/// The `result` line's JSON for `seat` once a deal is over: the seat, the match so far as a
/// `binokel-record/1` (every hand as dealt, the Tapp, every action, burials included) and the
/// referee's verdict of it (RECORDS.md sections 1 and 2: soloist, bid, contract, melds,
/// tricks, card points, scores, totals).
pub fn result_of(game: &Game, seat: Seat) -> serde_json::Value {
    serde_json::json!({
        "seat": seat,
        "record": binokel::record::write_record(game),
        "verdict": binokel::record::report(game),
    })
}

/// Answers one protocol line with a bot.
pub fn answer(bot: &mut dyn Bot, line: &str) -> Reply {
    let line = line.trim_end_matches(['\r', '\n']);
    let (cmd, rest) = line.split_once(' ').unwrap_or((line, ""));
    let reply = match cmd {
        "binokel-engine" => {
            if rest.trim() == "1" {
                format!("ready {}", bot.name())
            } else {
                format!(
                    "error unsupported protocol version `{}` (this engine speaks 1)",
                    rest.trim()
                )
            }
        }
        "choose" | "hint" => match serde_json::from_str::<View>(rest) {
            Err(e) if e.is_syntax() || e.is_eof() => format!("error the view is not valid JSON: {e}"),
            Err(e) => format!("error the view is not a view: {e}"),
            Ok(view) => match view.check() {
                Err(e) => format!("error the view is inconsistent: {e}"),
                Ok(()) => answer_view(bot, cmd, &view),
            },
        },
        // The finished deal: the bundled bots learn nothing from it, and it has no answer.
        "result" => return Reply::Nothing,
        "quit" => return Reply::Quit,
        "" => "error empty line".into(),
        other => format!("error unknown command `{other}` (expected choose, hint, result or quit)"),
    };
    Reply::Line(reply)
}

/// The answer to `choose` or `hint` for a checked view.
fn answer_view(bot: &mut dyn Bot, cmd: &str, view: &View) -> String {
    if view.legal.is_empty() {
        return "error the view has no legal action (not this seat's turn)".into();
    }
    let low = low_of(view);
    if cmd == "choose" {
        format!("action {}", bot.choose(view).token(low))
    } else {
        let h: Vec<(String, f64)> = bot
            .hint(view)
            .into_iter()
            .map(|(a, v)| (a.token(low), v))
            .collect();
        format!(
            "hint {}",
            serde_json::to_string(&h).unwrap_or_else(|_| "[]".into())
        )
    }
}

/// Runs the engine side until `quit` or end of input.
pub fn serve(bot: &mut dyn Bot, input: impl BufRead, mut output: impl Write) -> std::io::Result<()> {
    for line in input.lines() {
        let line = line?;
        match answer(bot, &line) {
            Reply::Line(reply) => {
                writeln!(output, "{reply}")?;
                output.flush()?;
            }
            Reply::Nothing => {}
            Reply::Quit => break,
        }
    }
    Ok(())
}

/// An outside program speaking the protocol, as a [`Bot`].
pub struct ExternalBot {
    name: String,
    command: String,
    child: Option<Child>,
    stdin: Option<ChildStdin>,
    lines: Option<Receiver<String>>,
    timeout: Duration,
    /// What went wrong, one line per lost decision (the arena prints these).
    pub log: Vec<String>,
    /// Decisions the program lost.
    pub faults: usize,
    /// Why the program stopped answering for good, once it has.
    gone: Option<String>,
    /// Answers still due to commands that ran out of time: the next lines the program
    /// writes belong to them, so they are read and dropped before the next answer.
    owed: usize,
}

impl ExternalBot {
    /// Starts `command` with `sh -c` and greets it. A program that cannot start or does not
    /// greet back still gives a bot (that loses every decision, logged) rather than an error,
    /// so one broken seat never stops a run; `log` says why.
    pub fn spawn(command: &str, timeout: Duration) -> ExternalBot {
        let mut bot = ExternalBot {
            name: format!("cmd:{command}"),
            command: command.to_string(),
            child: None,
            stdin: None,
            lines: None,
            timeout,
            log: Vec::new(),
            faults: 0,
            gone: None,
            owed: 0,
        };
        let mut cmd = Command::new("sh");
        // Its own process group, so that ending it also ends what `sh -c` started (a silent
        // bot left behind would keep the arena's or a test's output pipe open).
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut cmd, 0);
        match cmd
            .arg("-c")
            .arg(command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
        {
            Err(e) => bot.log.push(format!("`{command}` could not start: {e}")),
            Ok(mut child) => {
                let out = child.stdout.take().expect("piped stdout");
                let (tx, rx) = channel();
                std::thread::spawn(move || {
                    for line in BufReader::new(out).lines() {
                        let Ok(line) = line else { break };
                        if tx.send(line).is_err() {
                            break;
                        }
                    }
                });
                bot.stdin = child.stdin.take();
                bot.child = Some(child);
                bot.lines = Some(rx);
                let fault = match bot.ask(HELLO) {
                    Ok(reply) if reply.starts_with("ready") => None,
                    Ok(reply) => Some(format!(
                        "`{command}` greeted with `{reply}` instead of `ready NAME`"
                    )),
                    Err(e) => Some(format!("`{command}` did not greet: {e}")),
                };
                if let Some(msg) = fault {
                    eprintln!("{msg}");
                    bot.log.push(msg);
                }
            }
        }
        bot
    }

    fn ask(&mut self, line: &str) -> Result<String, String> {
        if let Some(why) = &self.gone {
            return Err(format!("the program is not running: {why}"));
        }
        let stdin = self.stdin.as_mut().ok_or("the program is not running")?;
        writeln!(stdin, "{line}")
            .and_then(|_| stdin.flush())
            .map_err(|e| {
                let why = match self.child.as_mut().and_then(|c| c.try_wait().ok().flatten()) {
                    Some(s) => format!("the program exited ({s})"),
                    None => format!("could not write to the program ({e})"),
                };
                self.gone = Some(why.clone());
                why
            })?;
        let rx = self.lines.as_ref().ok_or("the program is not running")?;
        // One time limit for this command, the late answers still owed read within it.
        let deadline = Instant::now() + self.timeout;
        let got = loop {
            let got = rx.recv_timeout(deadline.saturating_duration_since(Instant::now()));
            match got {
                Ok(_) if self.owed > 0 => self.owed -= 1,
                got => break got,
            }
        };
        match got {
            Ok(l) => Ok(l),
            Err(RecvTimeoutError::Timeout) => {
                self.owed += 1;
                Err(format!("no answer within {} ms", self.timeout.as_millis()))
            }
            Err(RecvTimeoutError::Disconnected) => {
                // Its output is closed, so it is most likely exiting: give the system a moment
                // to reap it, so the log can say how it ended.
                let mut status = None;
                for _ in 0..100 {
                    status = self.child.as_mut().and_then(|c| c.try_wait().ok().flatten());
                    if status.is_some() {
                        break;
                    }
                    std::thread::sleep(Duration::from_millis(5));
                }
                self.stdin = None;
                let why = match status {
                    Some(s) => format!("the program exited ({s})"),
                    None => "the program closed its output".to_string(),
                };
                self.gone = Some(why.clone());
                Err(why)
            }
        }
    }

    fn lose(&mut self, view: &View, why: String) -> Action {
        let fallback = view.legal[0];
        self.faults += 1;
        let msg = format!(
            "{}: lost a decision ({why}); played `{}` instead",
            self.name,
            fallback.token(low_of(view))
        );
        eprintln!("{msg}");
        self.log.push(msg);
        fallback
    }

    /// Ends the session after a deal: sends `result RESULT` (RESULT on one line, see
    /// docs/engine-protocol.md) and then `quit`, and closes the program's input. Nothing the
    /// program writes after this is read, so an `error` answer to `result` (an engine that
    /// does not know the command) costs nothing; every later decision of this bot is lost.
    pub fn finish(&mut self, result: &serde_json::Value) {
        if let Some(mut stdin) = self.stdin.take() {
            let _ = writeln!(stdin, "result {result}")
                .and_then(|_| writeln!(stdin, "quit"))
                .and_then(|_| stdin.flush());
        }
        self.gone
            .get_or_insert_with(|| "the session has ended (`result` and `quit` were sent)".into());
        self.lines = None;
    }

    /// The command line this bot runs.
    pub fn command(&self) -> &str {
        &self.command
    }
}

impl Drop for ExternalBot {
    fn drop(&mut self) {
        if let Some(mut stdin) = self.stdin.take() {
            let _ = writeln!(stdin, "quit");
        }
        if let Some(mut c) = self.child.take() {
            // Give it a moment to quit on its own, then end it.
            for _ in 0..20 {
                if matches!(c.try_wait(), Ok(Some(_))) {
                    return;
                }
                std::thread::sleep(Duration::from_millis(5));
            }
            #[cfg(unix)]
            let _ = Command::new("kill")
                .args(["-KILL", "--", &format!("-{}", c.id())])
                .stderr(Stdio::null())
                .status();
            let _ = c.kill();
            let _ = c.wait();
        }
    }
}

impl Bot for ExternalBot {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, view: &View) -> Action {
        let json = match serde_json::to_string(view) {
            Ok(j) => j,
            Err(e) => return self.lose(view, format!("the view could not be written: {e}")),
        };
        let reply = match self.ask(&format!("choose {json}")) {
            Ok(r) => r,
            Err(e) => return self.lose(view, e),
        };
        let Some(token) = reply.strip_prefix("action ") else {
            return self.lose(view, format!("answered `{reply}` instead of `action TOKEN`"));
        };
        match parse_token(token.trim(), low_of(view)) {
            Ok(a) if view.legal.contains(&a) => a,
            Ok(a) => self.lose(view, format!("`{}` is not legal now", a.token(low_of(view)))),
            Err(e) => self.lose(view, format!("{e}")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Under the sevens the host writes `7` and reads an engine's `7` or `9` alike.
    #[test]
    fn tokens_follow_the_views_notation() {
        let mut rules = Rules::default();
        rules.set("low", "seven").unwrap();
        let mut g = Game::new(rules, vec![]);
        g.start_seeded_deal(3).unwrap();
        let seat = g.current().unwrap().to_act().unwrap();
        let v = View::of(&g, Some(seat)).unwrap();
        assert_eq!(low_of(&v), Low::Seven);
        let seven_h = binokel::Card::parse_code("7H", Low::Seven).unwrap();
        assert_eq!(parse_token("7H", Low::Seven).unwrap(), Action::Play(seven_h));
        assert_eq!(parse_token("9H", Low::Seven).unwrap(), Action::Play(seven_h));
        assert!(parse_token("7H", Low::Nine).is_err());
        let json = serde_json::to_string(&v).unwrap();
        let hand = v.hand.unwrap();
        assert_eq!(
            json.contains(" 7") || json.contains("\"7"),
            hand.iter().any(|c| c.rank() == binokel::Rank::Nine)
        );
    }
}
