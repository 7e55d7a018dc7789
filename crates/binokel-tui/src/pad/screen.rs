//! The pad's sheet full-screen (ratatui), shown by `binokel pad --sheet` and the `sheet`
//! command in a terminal.

use super::*;

/// Shows the sheet full-screen (ratatui) until a key is pressed.
pub fn show_sheet(pad: &Pad) -> io::Result<()> {
    use crossterm::event::{self, Event, KeyEventKind};
    use crossterm::execute;
    use crossterm::terminal::{
        disable_raw_mode, enable_raw_mode, EnterAlternateScreen, LeaveAlternateScreen,
    };
    use ratatui::backend::CrosstermBackend;
    use ratatui::layout::{Constraint, Layout};
    use ratatui::style::{Modifier, Style};
    use ratatui::widgets::{Block, Borders, Paragraph, Row, Table};
    use ratatui::Terminal;

    let sheet = pad.sheet().map_err(|e| io::Error::other(e.to_string()))?;
    let rules = pad.rules().map_err(|e| io::Error::other(e.to_string()))?;
    let status = status_line(pad, &sheet, &rules);
    let mut header = vec!["#".to_string(), "game".to_string()];
    header.extend(pad.players.iter().cloned());
    let mut rows: Vec<Row> = pad
        .deals
        .iter()
        .enumerate()
        .map(|(i, d)| {
            let mut cells = vec![
                (i + 1).to_string(),
                format!(
                    "{} {} {}",
                    pad.players[d.soloist],
                    d.bid,
                    contract_text(d.contract)
                ),
            ];
            cells.extend(
                (0..pad.players.len()).map(|s| format!("{} ({})", sheet.deals[i][s], sheet.running[i][s])),
            );
            if sheet.after_end(i) {
                // After the deciding deal: shown, but not counted.
                cells[1] = format!("{} [{AFTER_END}]", cells[1]);
                return Row::new(cells).style(Style::default().add_modifier(Modifier::DIM));
            }
            Row::new(cells)
        })
        .collect();
    let mut total = vec![String::new(), "total".to_string()];
    total.extend(sheet.totals.iter().map(i32::to_string));
    rows.push(Row::new(total).style(Style::default().add_modifier(Modifier::BOLD)));
    let mut widths = vec![Constraint::Length(4), Constraint::Length(28)];
    widths.extend(pad.players.iter().map(|_| Constraint::Length(14)));
    let mut lines = vec![status];
    lines.extend(
        sheet
            .settlement
            .iter()
            .map(|(f, t, c)| format!("{} pays {} {}", pad.players[*f], pad.players[*t], money(*c))),
    );
    lines.push("any key: back".into());

    enable_raw_mode()?;
    execute!(io::stdout(), EnterAlternateScreen)?;
    let result = (|| {
        let mut term = Terminal::new(CrosstermBackend::new(io::stdout()))?;
        loop {
            term.draw(|f| {
                let [top, bottom] =
                    Layout::vertical([Constraint::Min(3), Constraint::Length(lines.len() as u16 + 2)])
                        .areas(f.area());
                let table = Table::new(rows.clone(), widths.clone())
                    .header(Row::new(header.clone()).style(Style::default().add_modifier(Modifier::BOLD)))
                    .block(
                        Block::default()
                            .borders(Borders::ALL)
                            .title(" Binokel score pad "),
                    );
                f.render_widget(table, top);
                f.render_widget(
                    Paragraph::new(lines.join("\n")).block(Block::default().borders(Borders::ALL)),
                    bottom,
                );
            })?;
            if let Event::Key(k) = event::read()? {
                if k.kind == KeyEventKind::Press {
                    return Ok(());
                }
            }
        }
    })();
    let _ = execute!(io::stdout(), LeaveAlternateScreen);
    let _ = disable_raw_mode();
    result
}
