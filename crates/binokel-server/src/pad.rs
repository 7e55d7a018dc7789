//! The score pad over HTTP (issue #8): pads for games played with real cards, kept in the
//! same database as the tables, edited with a secret and shown read-only by a share code,
//! plus the meld calculator. The arithmetic is [`binokel::pad`]; this module checks what
//! comes in (naming the field that is wrong), stores, and answers JSON.
//!
//! Routes (documented in `docs/pad.md`):
//! - `POST /api/pads`: `{"rules", "players", "stake_cents"}` -> 201 with `secret` and `share`.
//! - `GET /api/pads/{secret}`: the pad and its sheet.
//! - `POST /api/pads/{secret}/deals`: append a deal.
//! - `PUT /api/pads/{secret}/deals/{index}`: set deal `index` (from 0): a correction, or an
//!   append when `index` is the number of deals (so a page can replay its queue safely).
//!   Both take an optional `version`: when it is not the pad's, nothing is written and the
//!   answer is `409 stale` with the pad's `state` (optimistic concurrency).
//! - `GET /api/pads/{secret}/csv`, `.../json`, and the same under `/api/shared/{share}`.
//! - `GET /api/shared/{share}`: the read-only view (no secret in it).
//! - `POST /api/meld`: `{"cards", "trump", "rules"}` -> `{"total", "melds"}`.
//!
//! Every write reads and writes the pad in one transaction that holds the pad (SQLite: the
//! pool's one connection; PostgreSQL: `SELECT ... FOR UPDATE`), so writers of one pad take
//! turns and none is refused for being concurrent (there is no `409 busy`).

use crate::address::ClientAddr;
use crate::reply::ApiError;
use crate::shared::Shared;
use crate::store::{now_ms, Backend, StoreError};
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post, put};
use axum::{Json, Router};
use binokel::pad::{check_bid, check_card_points, check_meld, check_stake, offers};
use binokel::pad::{Pad, PadDeal, PadError, PadErrorKind, Sheet};
use binokel::rules::DEAL_CARD_POINTS;
use binokel::{Card, CardSet, Contract, Rules, Suit};
use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::{json, Value};
use sqlx::Row;
use std::sync::Arc;

type App = State<Arc<Shared>>;

/// The pad routes, merged into the server's router.
pub(crate) fn routes() -> Router<Arc<Shared>> {
    Router::new()
        .route("/api/pads", post(create))
        .route("/api/pads/{secret}", get(editor_view))
        .route("/api/pads/{secret}/deals", post(append))
        .route("/api/pads/{secret}/deals/{index}", put(set_deal))
        .route("/api/pads/{secret}/csv", get(editor_csv))
        .route("/api/pads/{secret}/json", get(editor_json))
        .route("/api/shared/{share}", get(shared_view))
        .route("/api/shared/{share}/csv", get(shared_csv))
        .route("/api/shared/{share}/json", get(shared_json))
        .route("/api/meld", post(meld))
}

/// `409 stale` with the pad's current state (editor's view: the secret is the writer's).
fn stale(secret: &str, st: &Stored, message: impl Into<String>) -> ApiError {
    match state_json(Some(secret), st) {
        Ok(state) => ApiError::new(StatusCode::CONFLICT, "stale", message).with("state", state),
        Err(r) => r,
    }
}

fn unknown() -> ApiError {
    ApiError::new(StatusCode::NOT_FOUND, "unknown_pad", "there is no such pad")
}

/// The rules crate's refusals: an entry is `400` naming its field; a deal after the match's
/// end `409 match_over`; a deal past the most a pad holds `409 pad_full`.
impl From<PadError> for ApiError {
    fn from(e: PadError) -> ApiError {
        match e.kind {
            PadErrorKind::Entry => match e.field {
                Some(f) => ApiError::field(f, e.message),
                None => ApiError::bad_request(e.message),
            },
            PadErrorKind::MatchOver => ApiError::new(StatusCode::CONFLICT, "match_over", e.message),
            PadErrorKind::Full => ApiError::new(StatusCode::CONFLICT, "pad_full", e.message),
        }
    }
}

fn db(what: &'static str) -> impl Fn(sqlx::Error) -> StoreError {
    move |e| StoreError(format!("{what}: {e}"))
}

/// The body as a JSON object whose every field `T` defines: a field it does not define (a
/// misspelt `stake`) is refused naming it, since ignoring it would quietly change the meaning.
fn body_object<T: DeserializeOwned>(body: &Bytes) -> Result<serde_json::Map<String, Value>, ApiError> {
    let v: Value = serde_json::from_slice(body)
        .map_err(|e| ApiError::field("body", format!("the body is not JSON: {e}")))?;
    let Value::Object(m) = v else {
        return Err(ApiError::field("body", "the body must be a JSON object"));
    };
    if let Err(e) = T::deserialize(Value::Object(m.clone())) {
        let text = e.to_string();
        let field = text
            .strip_prefix("unknown field `")
            .and_then(|r| r.split('`').next())
            .unwrap_or("body")
            .to_string();
        return Err(ApiError::field(field, text));
    }
    Ok(m)
}

/// The fields of `POST /api/pads`; types are checked field by field afterwards.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct CreateBody {
    #[serde(default)]
    rules: Option<Value>,
    #[serde(default)]
    players: Option<Value>,
    #[serde(default)]
    stake_cents: Option<Value>,
}

/// The fields of a deal (`soloist`, `bid` and `took_trick` are not read with two players).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct DealBody {
    #[serde(default)]
    dealer: Option<Value>,
    #[serde(default)]
    soloist: Option<Value>,
    #[serde(default)]
    bid: Option<Value>,
    #[serde(default)]
    contract: Option<Value>,
    #[serde(default)]
    melds: Option<Value>,
    #[serde(default)]
    took_trick: Option<Value>,
    #[serde(default)]
    card_points: Option<Value>,
    /// The pad's `version` the entry was made on (optional; without it a `PUT` of an
    /// existing index corrects it whatever happened meanwhile, as in v1).
    #[serde(default)]
    version: Option<Value>,
}

/// The fields of `POST /api/meld`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct MeldBody {
    #[serde(default)]
    cards: Option<Value>,
    #[serde(default)]
    trump: Option<Value>,
    #[serde(default)]
    rules: Option<Value>,
}

/// The rules of a request: a preset name or a record's rules object.
fn rules_of(v: Option<&Value>) -> Result<Rules, ApiError> {
    let rules = match v {
        None | Some(Value::Null) => Rules::default(),
        Some(Value::String(name)) => {
            Rules::from_preset_name(name).map_err(|e| ApiError::field("rules", e.to_string()))?
        }
        Some(v) => Rules::from_json(v).map_err(|e| ApiError::field("rules", e.to_string()))?,
    };
    rules
        .validate()
        .map_err(|e| ApiError::field("rules", e.to_string()))?;
    Ok(rules)
}

/// The players' names as strings; the rules crate trims and checks them.
fn names_of(v: Option<&Value>, n: usize) -> Result<Vec<String>, ApiError> {
    match v {
        Some(Value::Array(a)) if a.len() == n => a
            .iter()
            .enumerate()
            .map(|(i, v)| {
                v.as_str().map(str::to_string).ok_or_else(|| {
                    ApiError::field(format!("players[{i}]"), "a player's name must be a string")
                })
            })
            .collect(),
        Some(Value::Array(a)) => Err(ApiError::field(
            "players",
            format!("{} names given; these rules are played by {n}", a.len()),
        )),
        _ => Err(ApiError::field("players", "`players` must be a list of names")),
    }
}

fn stake_of(v: Option<&Value>) -> Result<Option<u32>, ApiError> {
    match v {
        None | Some(Value::Null) => Ok(None),
        Some(x) => match x.as_u64() {
            Some(c) => Ok(Some(check_stake(c)?)),
            None => Err(ApiError::field(
                "stake_cents",
                format!(
                    "the stake per point is a whole number of cents from 0 to {}",
                    binokel::pad::MAX_STAKE_CENTS
                ),
            )),
        },
    }
}

fn seat_field(m: &serde_json::Map<String, Value>, name: &str, n: usize) -> Result<usize, ApiError> {
    match m.get(name).and_then(Value::as_u64) {
        Some(s) if (s as usize) < n => Ok(s as usize),
        Some(s) => Err(ApiError::field(
            name,
            format!("seat {s} does not exist; seats are numbered 0 to {}", n - 1),
        )),
        None => Err(ApiError::field(name, format!("`{name}` must be a seat number"))),
    }
}

fn list_field<'a>(
    m: &'a serde_json::Map<String, Value>,
    name: &str,
    n: usize,
) -> Result<&'a Vec<Value>, ApiError> {
    match m.get(name) {
        Some(Value::Array(a)) if a.len() == n => Ok(a),
        Some(Value::Array(a)) => Err(ApiError::field(
            name,
            format!("`{name}` lists {} seats, not {n}", a.len()),
        )),
        _ => Err(ApiError::field(
            name,
            format!("`{name}` must be a list, one entry per seat"),
        )),
    }
}

/// A deal as the page sends it, each field's type checked here so that a refusal names its
/// field; what the rules allow (the opening bid and step, melds, card points, contracts) is
/// checked by the rules crate, as in the terminal.
fn deal_of(body: &Bytes, pad: &Pad) -> Result<PadDeal, ApiError> {
    let rules = rules_of_pad(pad)?;
    let n = rules.players as usize;
    let m = body_object::<DealBody>(body)?;
    // Two players have no auction: no soloist, no bid, no took-a-trick (RULES.md section 13).
    let two = n == 2;
    let dealer = seat_field(&m, "dealer", n)?;
    let soloist = if two { 0 } else { seat_field(&m, "soloist", n)? };
    let bid = if two {
        0
    } else {
        let b = m
            .get("bid")
            .and_then(Value::as_u64)
            .ok_or_else(|| ApiError::field("bid", "`bid` must be a whole number"))?;
        check_bid(&rules, b)?;
        b as u32
    };
    let contract: Contract = m
        .get("contract")
        .and_then(Value::as_str)
        .ok_or_else(|| {
            ApiError::field(
                "contract",
                "`contract` must be `trump X`, `durch`, `bettel` or `surrender X`",
            )
        })
        .and_then(|s| {
            serde_json::from_value(json!(s.trim())).map_err(|_| {
                ApiError::field(
                    "contract",
                    format!("`{s}` is not a contract (`trump S`, `durch`, `bettel`, `surrender H`)"),
                )
            })
        })?;
    let melds = list_field(&m, "melds", n)?
        .iter()
        .enumerate()
        .map(|(i, x)| {
            let v = x.as_u64().ok_or_else(|| {
                ApiError::field(
                    format!("melds[{i}]"),
                    "melds are a whole number, a multiple of 10",
                )
            })?;
            check_meld(i, &pad.players[i], v)?;
            Ok(v as u32)
        })
        .collect::<Result<Vec<u32>, ApiError>>()?;
    let took_trick = if two {
        Vec::new()
    } else {
        list_field(&m, "took_trick", n)?
            .iter()
            .enumerate()
            .map(|(i, x)| {
                x.as_bool()
                    .ok_or_else(|| ApiError::field(format!("took_trick[{i}]"), "true or false"))
            })
            .collect::<Result<Vec<bool>, ApiError>>()?
    };
    let card_points = list_field(&m, "card_points", n)?
        .iter()
        .enumerate()
        .map(|(i, x)| match x {
            Value::Null => Ok(None),
            _ => {
                let v = x.as_u64().ok_or_else(|| {
                    ApiError::field(
                        format!("card_points[{i}]"),
                        format!("card points are a whole number from 0 to {DEAL_CARD_POINTS}, or null to have the pad fill them in"),
                    )
                })?;
                check_card_points(i, &pad.players[i], v)?;
                Ok(Some(v as u32))
            }
        })
        .collect::<Result<Vec<Option<u32>>, ApiError>>()?;
    let d = PadDeal {
        dealer,
        soloist,
        bid,
        contract,
        melds,
        took_trick,
        card_points,
    };
    pad.scores_of(&d)?;
    Ok(d)
}

/// A stored pad: its share code, its content, and a version that grows with every change.
struct Stored {
    share: String,
    pad: Pad,
    version: i64,
}

/// Whether `key` can be a secret or a share code at all (they come from the URL).
fn plausible_key(key: &str) -> bool {
    !key.is_empty() && key.len() <= 64 && key.bytes().all(|b| b.is_ascii_alphanumeric())
}

fn stored_of(row: &sqlx::any::AnyRow, column: &str) -> Result<(String, Stored), ApiError> {
    let secret: String = row.try_get("secret").map_err(db("secret"))?;
    let text: String = row.try_get("pad").map_err(db("pad"))?;
    let pad: Pad = serde_json::from_str(&text)
        .map_err(|e| StoreError(format!("pad {column}: stored pad is not readable: {e}")))?;
    Ok((
        secret,
        Stored {
            share: row.try_get("share").map_err(db("share"))?,
            pad,
            version: row.try_get("version").map_err(db("version"))?,
        },
    ))
}

async fn load_by(s: &Shared, column: &str, key: &str) -> Result<Option<(String, Stored)>, ApiError> {
    // Codes come from the URL: anything outside their alphabet cannot be a pad.
    if !plausible_key(key) {
        return Ok(None);
    }
    let sql = format!("SELECT secret, share, pad, version FROM pads WHERE {column} = $1");
    let row = sqlx::query(&sql)
        .bind(key)
        .fetch_optional(s.store.pool())
        .await
        .map_err(db("load pad"))?;
    row.map(|r| stored_of(&r, column)).transpose()
}

fn sheet_json(pad: &Pad, sheet: &Sheet, rules: &Rules) -> Value {
    let n = pad.players.len();
    let target = rules.target;
    let sides: Vec<usize> = if n == 4 { vec![0, 1] } else { (0..n).collect() };
    // A fixed series (`series_deals`) has no target: its end is its last deal.
    let someone_at_target = match rules.series_deals {
        0 => sides.iter().any(|&s| sheet.totals[s] >= target),
        n => pad.deals.len() >= n as usize,
    };
    let status = match sheet.winner {
        Some(_) => "won",
        // At the target with no winner: the opponents tie, one more deal decides.
        None if someone_at_target && !pad.deals.is_empty() => "extra_deal",
        None => "playing",
    };
    let filled: Vec<Value> = pad
        .deals
        .iter()
        .map(|d| match d.filled_card_points(n) {
            Ok(v) => json!(v),
            Err(_) => Value::Null,
        })
        .collect();
    json!({
        "deals": sheet.deals,
        "running": sheet.running,
        "totals": sheet.totals,
        "card_points": filled,
        "winner": sheet.winner.map(|(w, _)| w),
        "decided_by_deal": sheet.winner.map(|(_, d)| d),
        "after_end": (0..sheet.deals.len()).map(|i| sheet.after_end(i)).collect::<Vec<_>>(),
        "status": status,
        "target": rules.target,
        "partnerships": n == 4,
        "settlement": sheet.settlement.iter().map(|(from, to, cents)| json!({"from": from, "to": to, "cents": cents})).collect::<Vec<_>>(),
    })
}

fn state_json(secret: Option<&str>, st: &Stored) -> Result<Value, ApiError> {
    let rules = st.pad.rules()?;
    let sheet = st.pad.sheet()?;
    let mut v = json!({
        "share": st.share,
        "version": st.version,
        "pad": st.pad,
        "sheet": sheet_json(&st.pad, &sheet, &rules),
        "rules_options": {
            "players": rules.players,
            // Whether the pad takes these games (two players: trump games only).
            "durch": offers(&rules, Contract::Durch),
            "bettel": offers(&rules, Contract::Bettel),
            "opening": rules.opening,
            "target": rules.target,
            "rounding": rules.get("rounding"),
            "low": rules.get("low"),
            "pack": rules.get("pack"),
        },
    });
    if let Some(s) = secret {
        v["secret"] = json!(s);
    }
    Ok(v)
}

const SHARE_LEN: usize = 8;

async fn create(State(s): App, ClientAddr(client): ClientAddr, body: Bytes) -> Response {
    if let Err(secs) = s.pad_creations.check(client) {
        let per_minute = s.pad_creations.limit();
        return ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "too_many_pads",
            format!("this address created {per_minute} pads in the last minute, the most allowed; try again in {secs} s"),
        )
        .retry_after(secs)
        .into_response();
    }
    match create_pad(&s, &body).await {
        Ok(v) => (StatusCode::CREATED, Json(v)).into_response(),
        Err(r) => r.into_response(),
    }
}

async fn create_pad(s: &Shared, body: &Bytes) -> Result<Value, ApiError> {
    let m = body_object::<CreateBody>(body)?;
    let rules = rules_of(m.get("rules"))?;
    let names = names_of(m.get("players"), rules.players as usize)?;
    // The rules crate trims the names and refuses duplicates and numbers, as the terminal.
    let mut pad = Pad::create(&rules, &names)?;
    pad.stake_cents = stake_of(m.get("stake_cents"))?;
    let text = serde_json::to_string(&pad).map_err(|e| StoreError(e.to_string()))?;
    for _ in 0..20 {
        let secret = crate::new_token();
        let share: String = (0..SHARE_LEN)
            .map(|_| {
                let i = rand::random::<usize>() % crate::CODE_ALPHABET.len();
                crate::CODE_ALPHABET[i] as char
            })
            .collect();
        let r = sqlx::query(
            "INSERT INTO pads (secret, share, pad, version, created_ms, updated_ms) \
             SELECT CAST($1 AS TEXT), CAST($2 AS TEXT), CAST($3 AS TEXT), 1, CAST($4 AS BIGINT), CAST($4 AS BIGINT) \
             WHERE NOT EXISTS (SELECT 1 FROM pads WHERE share = $2)",
        )
        .bind(secret.clone())
        .bind(share.clone())
        .bind(text.clone())
        .bind(now_ms())
        .execute(s.store.pool())
        .await
        .map_err(db("create pad"))?;
        if r.rows_affected() == 1 {
            tracing::info!(share = %share, "pad created");
            let st = Stored {
                share,
                pad,
                version: 1,
            };
            return state_json(Some(&secret), &st);
        }
    }
    Err(ApiError::new(
        StatusCode::SERVICE_UNAVAILABLE,
        "unavailable",
        "no free share code",
    ))
}

/// Reads the pad and writes what `change` makes of it in one transaction that holds the pad
/// (SQLite: the pool has one connection and one process owns the file; PostgreSQL: the
/// row is locked `FOR UPDATE`), so writers of one pad take turns and each sees the one
/// before it. `change` answers the new pad, or None when there is nothing to write (a
/// replay of what is stored): the answer is then the state as it is.
async fn update(
    s: &Shared,
    secret: &str,
    change: impl FnOnce(&Stored) -> Result<Option<Pad>, ApiError>,
) -> Result<Value, ApiError> {
    if !plausible_key(secret) {
        return Err(unknown());
    }
    let mut tx = s.store.pool().begin().await.map_err(db("begin"))?;
    let lock = match s.store.backend() {
        Backend::Postgres => " FOR UPDATE",
        Backend::Sqlite => "",
    };
    let sql = format!("SELECT secret, share, pad, version FROM pads WHERE secret = $1{lock}");
    let row = sqlx::query(&sql)
        .bind(secret)
        .fetch_optional(&mut *tx)
        .await
        .map_err(db("load pad"))?
        .ok_or_else(unknown)?;
    let (_, mut st) = stored_of(&row, "secret")?;
    let Some(pad) = change(&st)? else {
        return state_json(Some(secret), &st);
    };
    let text = serde_json::to_string(&pad).map_err(|e| StoreError(e.to_string()))?;
    let r = sqlx::query(
        "UPDATE pads SET pad = $1, version = version + 1, updated_ms = $2 WHERE secret = $3 AND version = $4",
    )
    .bind(text)
    .bind(now_ms())
    .bind(secret)
    .bind(st.version)
    .execute(&mut *tx)
    .await
    .map_err(db("save pad"))?;
    if r.rows_affected() != 1 {
        // Cannot happen while the transaction holds the pad; never overwrite blindly.
        return Err(StoreError("save pad: the pad changed during the write".into()).into());
    }
    tx.commit().await.map_err(db("commit pad"))?;
    st.pad = pad;
    st.version += 1;
    state_json(Some(secret), &st)
}

/// The `version` of a deal's body, if it names one.
fn version_of(body: &Bytes) -> Result<Option<i64>, ApiError> {
    let m = body_object::<DealBody>(body)?;
    match m.get("version") {
        None | Some(Value::Null) => Ok(None),
        Some(v) => match v.as_i64() {
            Some(n) if n >= 1 => Ok(Some(n)),
            _ => Err(ApiError::field(
                "version",
                format!(
                    "`version` is the pad's version the entry was made on, a whole number from 1, not {v}"
                ),
            )),
        },
    }
}

/// The pad after a deal is written: appended (`index` None, or the number of deals) or
/// corrected (`index` below it). A `version` in the body that is not the pad's refuses the
/// write as `409 stale`, unless the deal at `index` already is the one sent (a replay
/// after a lost answer: nothing is written, the answer is the state).
fn write_deal(
    secret: &str,
    st: &Stored,
    index: Option<usize>,
    body: &Bytes,
) -> Result<Option<Pad>, ApiError> {
    let expected = version_of(body)?;
    let len = st.pad.deals.len();
    let i = index.unwrap_or(len);
    if i > len {
        let holds = if len == 1 {
            "1 deal".to_string()
        } else {
            format!("{len} deals")
        };
        return Err(stale(
            secret,
            st,
            format!("deal {i} cannot be set: the pad holds {holds} (indexes from 0)"),
        ));
    }
    if let Some(v) = expected.filter(|v| *v != st.version) {
        if i < len && index.is_some() && deal_of(body, &st.pad).is_ok_and(|d| d == st.pad.deals[i]) {
            return Ok(None);
        }
        let what = if i < len { "correction of" } else { "new" };
        return Err(stale(
            secret,
            st,
            format!(
                "the pad changed meanwhile: it is at version {}, the entry was made on version {v}; the {what} deal {i} was not saved (`state` is the pad now)",
                st.version
            ),
        ));
    }
    let mut pad = st.pad.clone();
    if i == len {
        append_to(&mut pad, body)?;
    } else {
        let deal = deal_of(body, &pad)?;
        pad.correct(i, deal)?;
    }
    Ok(Some(pad))
}

fn rules_of_pad(pad: &Pad) -> Result<Rules, ApiError> {
    Ok(pad.rules()?)
}

fn append_to(pad: &mut Pad, body: &Bytes) -> Result<(), ApiError> {
    // The match may be over or the pad full: said before the entry's own faults.
    pad.can_add()?;
    let deal = deal_of(body, pad)?;
    pad.add(deal)?;
    Ok(())
}

async fn append(State(s): App, Path(secret): Path<String>, body: Bytes) -> Response {
    match update(&s, &secret, |st| write_deal(&secret, st, None, &body)).await {
        Ok(v) => (StatusCode::CREATED, Json(v)).into_response(),
        Err(r) => r.into_response(),
    }
}

async fn set_deal(State(s): App, Path((secret, index)): Path<(String, String)>, body: Bytes) -> Response {
    let r = async {
        let i: usize = index
            .parse()
            .map_err(|_| ApiError::field("index", format!("`{index}` is not a deal index")))?;
        update(&s, &secret, |st| write_deal(&secret, st, Some(i), &body)).await
    }
    .await;
    match r {
        Ok(v) => Json(v).into_response(),
        Err(r) => r.into_response(),
    }
}

async fn find(s: &Shared, by_share: bool, key: &str) -> Result<(String, Stored), ApiError> {
    let column = if by_share { "share" } else { "secret" };
    load_by(s, column, key).await?.ok_or_else(unknown)
}

async fn editor_view(State(s): App, Path(secret): Path<String>) -> Response {
    match find(&s, false, &secret)
        .await
        .and_then(|(k, st)| state_json(Some(&k), &st))
    {
        Ok(v) => Json(v).into_response(),
        Err(r) => r.into_response(),
    }
}

async fn shared_view(State(s): App, Path(share): Path<String>) -> Response {
    match find(&s, true, &share)
        .await
        .and_then(|(_, st)| state_json(None, &st))
    {
        Ok(v) => Json(v).into_response(),
        Err(r) => r.into_response(),
    }
}

fn csv_of(st: &Stored) -> Response {
    match st.pad.to_csv() {
        Ok(text) => (
            [
                (header::CONTENT_TYPE, "text/csv; charset=utf-8".to_string()),
                (
                    header::CONTENT_DISPOSITION,
                    format!("attachment; filename=\"binokel-pad-{}.csv\"", st.share),
                ),
            ],
            text,
        )
            .into_response(),
        Err(e) => ApiError::from(e).into_response(),
    }
}

fn json_of(st: &Stored) -> Response {
    (
        [(
            header::CONTENT_DISPOSITION,
            format!("attachment; filename=\"binokel-pad-{}.json\"", st.share),
        )],
        Json(&st.pad),
    )
        .into_response()
}

async fn editor_csv(State(s): App, Path(secret): Path<String>) -> Response {
    match find(&s, false, &secret).await {
        Ok((_, st)) => csv_of(&st),
        Err(r) => r.into_response(),
    }
}

async fn editor_json(State(s): App, Path(secret): Path<String>) -> Response {
    match find(&s, false, &secret).await {
        Ok((_, st)) => json_of(&st),
        Err(r) => r.into_response(),
    }
}

async fn shared_csv(State(s): App, Path(share): Path<String>) -> Response {
    match find(&s, true, &share).await {
        Ok((_, st)) => csv_of(&st),
        Err(r) => r.into_response(),
    }
}

async fn shared_json(State(s): App, Path(share): Path<String>) -> Response {
    match find(&s, true, &share).await {
        Ok((_, st)) => json_of(&st),
        Err(r) => r.into_response(),
    }
}

/// The melds of a hand: `{"cards": "AS TS ...", "trump": "S" | null, "rules": ...}`.
async fn meld(body: Bytes) -> Response {
    match meld_answer(&body) {
        Ok(v) => Json(v).into_response(),
        Err(r) => r.into_response(),
    }
}

fn meld_answer(body: &Bytes) -> Result<Value, ApiError> {
    let m = body_object::<MeldBody>(body)?;
    let rules = rules_of(m.get("rules"))?;
    let trump = match m.get("trump") {
        None | Some(Value::Null) => None,
        Some(Value::String(t)) if t.is_empty() => None,
        Some(Value::String(t)) => Some(Suit::parse(t).map_err(|e| ApiError::field("trump", e.to_string()))?),
        Some(_) => {
            return Err(ApiError::field(
                "trump",
                "`trump` is a suit letter (S, H, D, C) or null",
            ))
        }
    };
    let text = match m.get("cards") {
        Some(Value::String(s)) => s.clone(),
        Some(Value::Array(a)) => a
            .iter()
            .map(|x| x.as_str().map(str::to_string))
            .collect::<Option<Vec<_>>>()
            .ok_or_else(|| ApiError::field("cards", "`cards` lists card codes"))?
            .join(" "),
        _ => {
            return Err(ApiError::field(
                "cards",
                "`cards` must be card codes, e.g. \"AS TS KS\"",
            ))
        }
    };
    let mut hand = CardSet::EMPTY;
    for tok in text
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
    {
        let card = match Card::parse(tok) {
            Ok(c) if rules.pack == binokel::rules::Pack::Full48 || c.rank() != binokel::Rank::Nine => c,
            _ => return Err(ApiError::field("cards", format!("`{tok}` is not a card"))),
        };
        if !hand.insert(card) {
            return Err(ApiError::field(
                "cards",
                format!("`{tok}` is a third copy (the pack has two of each card)"),
            ));
        }
    }
    let melds = binokel::meld::melds(hand, trump, &rules);
    Ok(json!({"total": melds.total(), "melds": melds.as_slice(), "cards": hand.len()}))
}
