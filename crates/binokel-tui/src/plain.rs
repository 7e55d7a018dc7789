//! The plain mode: what happens is printed line by line, and the person's moves are read one
//! per line. For screen readers, pipes and scripted tests.

use crate::command::{parse_line, Command};
use crate::i18n::{Arg, Catalog};
use crate::session::{Event, Session, Status};
use crate::text;
use binokel::Action;
use std::io::{self, BufRead, Write};

/// How a plain-mode session ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum End {
    /// The match has a winner.
    MatchOver,
    /// The person quit (the match is saved).
    Quit,
    /// The input ended before the match did (the match is saved).
    InputEnded,
}

fn print_events(out: &mut dyn Write, cat: &Catalog, names: &[String], ev: &[Event]) -> io::Result<()> {
    for e in ev {
        writeln!(out, "{}", text::event(cat, names, e))?;
    }
    Ok(())
}

/// The events of one move, and when they end the deal, the verdict (`Made: 236 ≥ 200 → +236`)
/// before the scores.
fn print_step(
    out: &mut dyn Write,
    cat: &Catalog,
    names: &[String],
    session: &Session,
    ev: &[Event],
) -> io::Result<()> {
    for e in ev {
        if matches!(e, Event::DealOver { .. }) {
            if let Some(v) = session.deal().and_then(|d| text::verdict(cat, d)) {
                writeln!(out, "{v}")?;
            }
        }
        writeln!(out, "{}", text::event(cat, names, e))?;
    }
    Ok(())
}

/// Where the match was saved (if it is saved) and goodbye: said when the person quits and
/// when the input ends.
fn farewell(session: &Session, cat: &Catalog, out: &mut dyn Write) -> io::Result<()> {
    if let Some(p) = session.save_path() {
        let path = p.display().to_string();
        writeln!(out, "{}", cat.ta("saved", &[("path", Arg::Str(&path))]))?;
    }
    writeln!(
        out,
        "{}",
        text::goodbye(cat, session.save_path(), session.game().is_over())
    )?;
    out.flush()
}

/// Runs the match until it ends, the person quits, or the input ends.
pub fn run(
    session: &mut Session,
    cat: &Catalog,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> io::Result<End> {
    let names = session.game().seats().to_vec();
    let human = session.human();
    let table: Vec<String> = (0..names.len())
        .map(|s| text::seat_label(cat, &names, session.levels(), s))
        .collect();
    writeln!(out, "{}: {}", cat.t("title"), table.join(", "))?;
    if let Some(d) = session.game().deals().last() {
        let ev = Event::NewDeal {
            number: session.game().deals().len(),
            dealer: d.start.dealer(),
            series: session.game().series(),
        };
        writeln!(out, "{}", text::event(cat, &names, &ev))?;
        if let Some(c) = d.start.turned() {
            writeln!(out, "{}", text::event(cat, &names, &Event::Turned(c)))?;
        }
        // A resumed match: what happened in this deal so far (the Tapp, trump, the melds, the
        // tricks, the cards on the table).
        print_events(out, cat, &names, &session.deal_so_far())?;
    }
    let mut line = String::new();
    loop {
        match session.status() {
            Status::MatchOver => {
                if let Some(v) = session.view() {
                    for l in text::score_sheet(cat, &names, &v, session.game().rules().target, 80) {
                        writeln!(out, "{l}")?;
                    }
                }
                out.flush()?;
                return Ok(End::MatchOver);
            }
            Status::Bot(_) => {
                let ev = session.bot_step().map_err(io::Error::other)?;
                print_step(out, cat, &names, session, &ev)?;
                continue;
            }
            Status::DealOver | Status::Human => {
                if session.status() == Status::DealOver {
                    writeln!(out, "{}", cat.t("prompt-continue"))?;
                } else if let Some(v) = session.view() {
                    let hand = cat.cards(v.hand.unwrap_or_default());
                    writeln!(
                        out,
                        "{}",
                        cat.ta(
                            "prompt-your-turn",
                            &[("name", Arg::Str(&names[human])), ("hand", Arg::Str(&hand))]
                        )
                    )?;
                    if let Some(l) = text::stock_line(cat, &v) {
                        writeln!(out, "{l}")?;
                    }
                    writeln!(out, "{}", text::legal_list(cat, &v))?;
                }
                write!(out, "> ")?;
                out.flush()?;
            }
        }
        line.clear();
        if input.read_line(&mut line)? == 0 {
            writeln!(out)?;
            farewell(session, cat, out)?;
            return Ok(End::InputEnded);
        }
        let cmd = match parse_line(&line, cat) {
            Ok(c) => c,
            Err(e) => {
                writeln!(out, "{e}")?;
                continue;
            }
        };
        let status = session.status();
        match cmd {
            Command::Quit => {
                farewell(session, cat, out)?;
                return Ok(End::Quit);
            }
            Command::Help => writeln!(out, "{}", cat.t("help-plain"))?,
            Command::Table => print_events(out, cat, &names, &session.deal_so_far())?,
            Command::Scores => {
                if let Some(v) = session.view() {
                    for l in text::score_sheet(cat, &names, &v, session.game().rules().target, 80) {
                        writeln!(out, "{l}")?;
                    }
                }
            }
            Command::LastTrick => {
                let last = session.view().and_then(|v| v.tricks.last().cloned());
                match last {
                    Some(t) => {
                        let cs: Vec<String> = t
                            .cards
                            .iter()
                            .enumerate()
                            .map(|(i, c)| {
                                let seat = (t.leader + i) % names.len();
                                format!("{} {}", names[seat], cat.card(*c))
                            })
                            .collect();
                        writeln!(
                            out,
                            "{}: {} → {}",
                            cat.t("last-trick"),
                            cs.join(", "),
                            names[t.winner]
                        )?;
                    }
                    None => writeln!(out, "{}", cat.t("last-trick-none"))?,
                }
            }
            Command::Undo => match session.undo() {
                Ok(taken) => writeln!(out, "{}", text::taken_back(cat, &taken))?,
                Err(e) => writeln!(out, "{}", text::take_back_refused(cat, e))?,
            },
            Command::Hint => match session.hint() {
                Ok(h) => writeln!(out, "{}", text::hint(cat, &h))?,
                Err(_) => writeln!(out, "{}", cat.t("hint-none"))?,
            },
            Command::Continue | Command::Choice(_) | Command::Act(_) if status == Status::DealOver => {
                let ev = session.next_deal();
                print_events(out, cat, &names, &ev)?;
            }
            Command::Continue => {}
            Command::Choice(n) => {
                let legal = session.view().map(|v| v.legal).unwrap_or_default();
                match n.checked_sub(1).and_then(|i| legal.get(i)) {
                    Some(&a) => act(session, cat, &names, out, a)?,
                    None => writeln!(
                        out,
                        "{}",
                        cat.ta(
                            "err-choice",
                            &[("n", Arg::Num(n as i64)), ("max", Arg::Num(legal.len() as i64))]
                        )
                    )?,
                }
            }
            Command::Act(a) => act(session, cat, &names, out, a)?,
        }
    }
}

fn act(
    session: &mut Session,
    cat: &Catalog,
    names: &[String],
    out: &mut dyn Write,
    a: Action,
) -> io::Result<()> {
    let legal = session.view().map(|v| v.legal).unwrap_or_default();
    match session.play_human(a) {
        Ok(ev) => print_step(out, cat, names, session, &ev),
        Err(e) => writeln!(out, "{}", cat.illegal(&e, &legal)),
    }
}
