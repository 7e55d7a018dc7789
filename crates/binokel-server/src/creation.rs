//! Table creation, one service for every way a table begins: `POST /api/tables`, quick
//! match (the lobby), and a rematch (the table itself); later tournaments. It checks the
//! limits of an address and of the process ([`check_limits`], [`check_room`]), reads a
//! create request into rules and seats ([`create_from`]), stores the new table under a
//! fresh invite code with this process's lease ([`store_new`]), and the lobby options of a
//! public table ([`check_open_cap`], `created`). It stands below the registry: the caller
//! that wants the new table running here routes to it.

use crate::accounts::Account;
use crate::core::Core;
use crate::ids::{check_name, new_code, new_token};
use crate::model::LobbyOptions;
use crate::protocol::{
    CreateRequest, ErrorCode, JoinAnswer, Refusal, SeatKind, SeatRequest, Status, MAX_TABLE_TARGET,
    PROTOCOL_VERSION,
};
use crate::reply::ApiError;
use crate::store::{initial_status, StoreError, StoredSeat};
use std::net::IpAddr;

fn unavailable(e: StoreError) -> Refusal {
    Refusal::new(ErrorCode::Unavailable, e.to_string())
}

/// The limits of every table creation by a client (`POST /api/tables`, quick match): the
/// address's creations a minute and [`check_room`]; Err with the `429` answer.
pub(crate) fn check_limits(core: &Core, ip: IpAddr) -> Result<(), ApiError> {
    if let Err(secs) = core.creations.check(ip) {
        return Err(ApiError::from(Refusal::new(
            ErrorCode::TooManyTables,
            format!(
                "this address created {} tables in the last minute, the most allowed; try again in {secs} s",
                core.config.tables_per_minute
            ),
        ))
        .retry_after(secs));
    }
    check_room(core, "try again later").map_err(|r| ApiError::from(r).retry_after(60))
}

/// The most tables this process holds ([`Config::max_tables`](crate::Config::max_tables)):
/// `too_many_tables` when it holds them, the sentence ending with `then`.
pub(crate) fn check_room(core: &Core, then: &str) -> Result<(), Refusal> {
    let max = core.config.max_tables;
    if max > 0 && core.table_count() >= max {
        return Err(Refusal::new(
            ErrorCode::TooManyTables,
            format!("the server holds {max} tables, the most it may; {then}"),
        ));
    }
    Ok(())
}

/// Stores a new table under a fresh invite code, with this process's lease; its code.
pub(crate) async fn store_new(
    core: &Core,
    rules: &binokel::Rules,
    seed: u64,
    seats: &[StoredSeat],
    rated: Option<&str>,
) -> Result<String, Refusal> {
    let owner = (core.node.as_str(), core.url.as_str(), core.config.lease);
    for _ in 0..=20 {
        let code = new_code();
        if core
            .store
            .create_table(&code, rules, seed, seats, rated, owner)
            .await
            .map_err(unavailable)?
        {
            return Ok(code);
        }
    }
    Err(Refusal::new(ErrorCode::Unavailable, "no free invite code"))
}

/// The follow-up seats of a rematch: the same seats, a new token for every person.
pub(crate) fn rematch_seats(seats: &[StoredSeat]) -> Vec<StoredSeat> {
    seats
        .iter()
        .map(|s| StoredSeat {
            token: (s.kind == SeatKind::Human).then(new_token),
            forfeit: false,
            ..s.clone()
        })
        .collect()
}

/// Creates the table of a create request from the client address `opener` (the limits of
/// [`check_limits`] are checked before; the cap of waiting public tables of the address
/// here, under the lobby's matching lock, which the caller holds for a public table). The
/// caller routes to the new table so that this process runs it. `account`: the creator's
/// login (the creator's seat is the account's).
pub(crate) async fn create_from(
    core: &Core,
    req: CreateRequest,
    opener: IpAddr,
    account: Option<&Account>,
) -> Result<JoinAnswer, ApiError> {
    let lobby = LobbyOptions::of_request(&req)?;
    let bad = |m: String| Refusal::new(ErrorCode::BadRequest, m);
    let mut rules = match &req.rules {
        None => binokel::Rules::default(),
        Some(serde_json::Value::String(name)) => {
            binokel::Rules::from_preset_name(name).map_err(|e| bad(format!("`rules`: {e}")))?
        }
        Some(v) => binokel::Rules::from_json(v).map_err(|e| bad(format!("`rules`: {e}")))?,
    };
    let max = MAX_TABLE_TARGET;
    if let Some(t) = req.target {
        if !(50..=max).contains(&t) {
            return Err(bad(format!("`target` {t} is out of range (50 to {max})")).into());
        }
        rules.target = t;
    }
    if rules.target > max {
        return Err(bad(format!(
            "`rules`: `target` {} is above {max}, the highest a table may play to",
            rules.target
        ))
        .into());
    }
    if let Some(n) = req.series_deals {
        rules
            .set("series_deals", &n.to_string())
            .and_then(|()| rules.validate())
            .map_err(|e| bad(format!("`series_deals`: {e}")))?;
    }
    rules.validate().map_err(|e| bad(format!("`rules`: {e}")))?;
    let n = rules.players as usize;
    let wanted = req.seats.clone().unwrap_or_else(|| {
        (0..n)
            .map(|i| SeatRequest {
                kind: if i == 0 { SeatKind::Human } else { SeatKind::Bot },
                bot: (i > 0).then(|| "random".to_string()),
            })
            .collect()
    });
    if wanted.len() != n {
        return Err(bad(format!(
            "`seats` lists {} seats, but these rules are played by {n}",
            wanted.len()
        ))
        .into());
    }
    let mut seats = Vec::with_capacity(n);
    for (i, w) in wanted.iter().enumerate() {
        match w.kind {
            SeatKind::Bot => {
                let name = w.bot.clone().unwrap_or_else(|| "random".into());
                if !binokel_ai::BOT_NAMES.contains(&name.as_str()) {
                    return Err(bad(format!(
                        "seat {i}: unknown bot `{name}` (known: {})",
                        binokel_ai::BOT_NAMES.join(", ")
                    ))
                    .into());
                }
                seats.push(StoredSeat {
                    kind: SeatKind::Bot,
                    bot: Some(name),
                    name: None,
                    token: None,
                    account: None,
                    former: false,
                    forfeit: false,
                });
            }
            SeatKind::Human => {
                if w.bot.is_some() {
                    return Err(bad(format!("seat {i}: a human seat has no `bot`")).into());
                }
                seats.push(StoredSeat {
                    kind: SeatKind::Human,
                    bot: None,
                    name: None,
                    token: None,
                    account: None,
                    former: false,
                    forfeit: false,
                });
            }
        }
    }
    let creator = match req.seat {
        Some(i) if i >= n || seats[i].kind != SeatKind::Human => {
            return Err(bad(format!("`seat` {i} is not a human seat")).into())
        }
        Some(i) => Some(i),
        None => seats.iter().position(|x| x.kind == SeatKind::Human),
    };
    let rated = match req.rated {
        true => Some(rated_format(core, &req, &rules, &mut seats, creator, account).await?),
        false => None,
    };
    let mut token = None;
    if let Some(i) = creator {
        let t = new_token();
        seats[i].name = Some(match account {
            Some(a) => a.name.clone(),
            None => {
                let name = check_name(req.name.as_deref(), i)?;
                crate::table::guest_name_free(&core.store, &name).await?;
                name
            }
        });
        seats[i].account = account.map(|a| a.id);
        seats[i].token = Some(t.clone());
        token = Some(t);
    }
    if lobby.public && initial_status(&seats) == Status::Waiting {
        check_open_cap(core, opener).await?;
    }
    let seed: u64 = rand::random();
    let code = store_new(core, &rules, seed, &seats, rated.as_deref()).await?;
    if let Err(r) = created(core, &code, &lobby, opener, creator.is_some()).await {
        let _ = core.store.delete_table(&code).await;
        return Err(r.into());
    }
    tracing::info!(table = %code, status = ?initial_status(&seats), public = lobby.public, "table created");
    Ok(JoinAnswer {
        code,
        seat: creator,
        token,
        protocol: PROTOCOL_VERSION,
        ws: "/ws".into(),
    })
}

/// A rated table's format, once its request is checked (docs/accounts.md, "Rated
/// tables"): a preset's rules unchanged, a logged-in creator at a seat, bots only at the
/// four levels (each seated as its bot account, as is a lobby fill's bot later).
async fn rated_format(
    core: &Core,
    req: &CreateRequest,
    rules: &binokel::Rules,
    seats: &mut [StoredSeat],
    creator: Option<usize>,
    account: Option<&Account>,
) -> Result<String, Refusal> {
    let bad = |m: &str| Refusal::new(ErrorCode::BadRequest, format!("`rated`: {m}"));
    let format = crate::players::format_of(rules);
    if !matches!(req.rules, None | Some(serde_json::Value::String(_)))
        || req.target.is_some()
        || req.series_deals.is_some_and(|n| n != 0)
        || format == "custom"
    {
        return Err(bad(
            "a rated table plays a preset's rules unchanged (no rules object, `target` or `series_deals`)",
        ));
    }
    if account.is_none() {
        return Err(crate::table::account_required());
    }
    if creator.is_none() {
        return Err(bad("a rated table needs a seat for a person (its creator)"));
    }
    let level = |b: &str| binokel_ai::persona::LEVELS.contains(&b);
    if let Some(f) = req.fill.as_ref().filter(|f| !level(&f.bot)) {
        return Err(bad(&format!(
            "the bot `{}` has no rating; a rated table takes the bots {}",
            f.bot,
            binokel_ai::persona::LEVELS.join(", ")
        )));
    }
    for (i, s) in seats.iter_mut().enumerate() {
        if let Some(b) = s.bot.clone() {
            if !level(&b) {
                return Err(bad(&format!(
                    "seat {i}: the bot `{b}` has no rating; a rated table takes the bots {}",
                    binokel_ai::persona::LEVELS.join(", ")
                )));
            }
            s.account = Some(
                crate::players::store::bot_account(&core.store, &b)
                    .await
                    .map_err(unavailable)?,
            );
        }
    }
    Ok(format)
}

/// Before a public table that waits for players is created: refused with
/// `too_many_tables` when its address `opener` has
/// [`Config::open_tables_per_address`](crate::Config::open_tables_per_address) public tables
/// waiting already. The caller holds the lobby's matching lock, so that requests at the
/// same instant count each other's tables.
pub(crate) async fn check_open_cap(core: &Core, opener: IpAddr) -> Result<(), Refusal> {
    let cap = core.config.open_tables_per_address;
    if cap == 0 {
        return Ok(());
    }
    let n = crate::store::lobby::waiting_of(&core.store, &opener.to_string())
        .await
        .map_err(unavailable)?;
    if n >= cap {
        return Err(Refusal::new(
            ErrorCode::TooManyTables,
            format!(
                "this address has {cap} public tables waiting for players, the most allowed; \
                 open another when one of them has begun, or create a private table"
            ),
        ));
    }
    Ok(())
}

/// After a public table was created (by the client address `opener`; `seated`: its creator
/// took a seat): stores its options, and the lobby hears of it.
async fn created(
    core: &Core,
    code: &str,
    o: &LobbyOptions,
    opener: IpAddr,
    seated: bool,
) -> Result<(), Refusal> {
    if !o.public && o.fill.is_none() {
        return Ok(());
    }
    let taken_ms = if seated { o.created_ms } else { 0 };
    crate::store::lobby::set_options(&core.store, code, o, Some(&opener.to_string()), taken_ms)
        .await
        .map_err(unavailable)?;
    if o.public {
        core.lobby.touch();
    }
    Ok(())
}
