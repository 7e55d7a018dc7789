//! The tables of this process: where a request for a table goes ([`Registry::route`]). A
//! table is served by the task that holds its lease: here (loaded on first use, after taking
//! the lease and replaying its stored actions) or in another process (its URL). Each table
//! has its own loading slot, so loading one table (database round trips, a replay) never
//! holds up a request for another, nor `/health`. A table whose stored actions fail to
//! replay is set aside: logged, never served, its lease given up.
//!
//! The registry runs the table tasks ([`crate::table::open`]) on a task tracker, which the
//! shutdown waits on, and forgets a table when its task ends.

use crate::core::{Core, TableEvent};
use crate::ids::{normal_code, valid_code};
use crate::mailbox::TableHandle;
use crate::protocol::{ErrorCode, Refusal, Status};
use crate::store::{self, Lease};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use tokio_util::task::TaskTracker;

/// Where a request for a table goes.
pub enum Route {
    /// A table task of this process.
    Local(TableHandle),
    /// Another process owns it (its base URL).
    Elsewhere(String),
}

/// The loading slot of one table: its handle once loaded. Held across the database round
/// trips of loading that table only.
type Slot = Arc<tokio::sync::Mutex<Option<TableHandle>>>;

/// The tables of this process (see the module page).
pub struct Registry {
    slots: Mutex<HashMap<String, Slot>>,
    /// Tables whose stored actions fail to replay, set aside with the reason.
    poisoned: Mutex<HashMap<String, String>>,
    tasks: TaskTracker,
}

impl Registry {
    /// An empty registry.
    pub fn new() -> Arc<Registry> {
        Arc::new(Registry {
            slots: Mutex::new(HashMap::new()),
            poisoned: Mutex::new(HashMap::new()),
            tasks: TaskTracker::new(),
        })
    }

    /// The task of a table: running here, loaded here after taking its lease, or the URL of
    /// the live process that owns it.
    pub async fn route(self: &Arc<Self>, core: &Arc<Core>, code: &str) -> Result<Route, Refusal> {
        let code = normal_code(code);
        if let Some(why) = self.set_aside_reason(&code) {
            return Err(Refusal::new(ErrorCode::TableUnavailable, why));
        }
        if !valid_code(&code) {
            return Err(unknown(&code));
        }
        let slot = self.slot(&code);
        let mut held = slot.lock().await;
        if let Some(h) = held.as_ref() {
            if !h.tx.is_closed() {
                return Ok(Route::Local(h.clone()));
            }
            *held = None;
        }
        let routed = self.load(core, &code, &mut held).await;
        drop(held);
        self.drop_if_empty(&code, &slot);
        routed
    }

    /// Loads a table into `held` (its slot, locked by the caller).
    async fn load(
        self: &Arc<Self>,
        core: &Arc<Core>,
        code: &str,
        held: &mut Option<TableHandle>,
    ) -> Result<Route, Refusal> {
        let unavailable = |e: store::StoreError| Refusal::new(ErrorCode::Unavailable, e.to_string());
        match core.store.load_table(code).await.map_err(unavailable)? {
            None => return Err(unknown(code)),
            Some(t) if t.status == Status::Closed => return Err(closed(code, t.close_reason)),
            Some(_) => {}
        }
        match core
            .store
            .acquire_lease(code, &core.node, &core.url, core.config.lease)
            .await
            .map_err(unavailable)?
        {
            Lease::HeldBy(url) => return Ok(Route::Elsewhere(url)),
            Lease::Acquired { took_over } => {
                if took_over {
                    core.metrics.takeover();
                }
            }
        }
        // Loaded again under the lease: the previous owner may have played on meanwhile.
        let t = core
            .store
            .load_table(code)
            .await
            .map_err(unavailable)?
            .ok_or_else(|| unknown(code))?;
        // An operator asked to close it while no process served it, or closed it in the
        // moment between the two reads: it is closed now, and not served.
        if t.status == Status::Closed || t.close_reason.is_some() {
            if t.status != Status::Closed {
                if let Err(e) = core.store.close_table(code).await {
                    tracing::warn!(table = %code, error = %e, "cannot close the table the operator closed");
                }
                tracing::info!(table = %code, "closed by the operator");
                core.lobby.touch();
            }
            let _ = core.store.release_lease(code, &core.node).await;
            return Err(closed(code, t.close_reason));
        }
        let game = match store::rebuild_game(&t) {
            Ok(g) => g,
            Err(e) => return Err(self.set_aside(core, e).await),
        };
        // A match over without its stored result (stored by an older version): the result
        // is stored now, once, and announced.
        if t.status != Status::Finished {
            if let Some(r) = game
                .as_ref()
                .and_then(|g| crate::table::finished_result(code, g, &t.seats, t.rated.as_deref()))
            {
                match core.store.finish(&r).await {
                    Ok(true) => core.publish(TableEvent::MatchEnded(r)),
                    Ok(false) => {}
                    Err(e) => {
                        tracing::warn!(table = %code, error = %e, "cannot store the result of a finished match")
                    }
                }
            }
        }
        core.store.set_idle(code, false).await.map_err(unavailable)?;
        let (h, task) = crate::table::open(core.clone(), t, game);
        let (me, core2, name) = (self.clone(), core.clone(), code.to_string());
        core.count_table(true);
        self.tasks.spawn(async move {
            task.await;
            core2.count_table(false);
            me.forget(&name);
        });
        *held = Some(h.clone());
        Ok(Route::Local(h))
    }

    /// The slot of a table, made if it has none.
    fn slot(&self, code: &str) -> Slot {
        let mut slots = self.slots.lock().unwrap_or_else(|p| p.into_inner());
        slots.entry(code.to_string()).or_default().clone()
    }

    /// Takes an empty slot out of the map when nobody else holds it (a code that named no
    /// table, a table served elsewhere), so that unknown codes never grow the map.
    fn drop_if_empty(&self, code: &str, slot: &Slot) {
        let mut slots = self.slots.lock().unwrap_or_else(|p| p.into_inner());
        let empty = slot.try_lock().is_ok_and(|h| h.is_none());
        // Two references: the map's and the caller's; a request that cloned it since holds a
        // third, and the slot stays for it.
        if empty && Arc::strong_count(slot) == 2 && slots.get(code).is_some_and(|s| Arc::ptr_eq(s, slot)) {
            slots.remove(code);
        }
    }

    /// A table's task ended: its slot goes unless a request is loading it again.
    fn forget(&self, code: &str) {
        let mut slots = self.slots.lock().unwrap_or_else(|p| p.into_inner());
        let gone = slots.get(code).is_some_and(|s| {
            Arc::strong_count(s) == 1
                && s.try_lock()
                    .is_ok_and(|h| h.as_ref().is_none_or(|h| h.tx.is_closed()))
        });
        if gone {
            slots.remove(code);
        }
    }

    /// The handles of every table loaded here.
    pub async fn handles(&self) -> Vec<TableHandle> {
        let slots: Vec<Slot> = {
            let s = self.slots.lock().unwrap_or_else(|p| p.into_inner());
            s.values().cloned().collect()
        };
        let mut out = Vec::with_capacity(slots.len());
        for s in slots {
            if let Some(h) = s.lock().await.as_ref() {
                out.push(h.clone());
            }
        }
        out
    }

    /// Waits until every table task has ended (after each was told to stop).
    pub async fn all_closed(&self) {
        self.tasks.close();
        self.tasks.wait().await;
    }

    /// Why a table is set aside, if it is.
    pub fn set_aside_reason(&self, code: &str) -> Option<String> {
        self.poisoned.lock().ok()?.get(code).cloned()
    }

    /// Sets a table whose stored actions fail to replay aside: it is logged with the deal,
    /// the action's index and the engine's reason, never served (its players get
    /// `table_unavailable`), and its lease is given up; other tables go on as before.
    async fn set_aside(&self, core: &Core, e: store::ReplayError) -> Refusal {
        tracing::error!(
            table = %e.code,
            deal = e.deal,
            index = e.index,
            action = e.action.as_deref().unwrap_or(""),
            reason = %e.reason,
            "stored actions fail to replay: the table is set aside"
        );
        let why = format!(
            "table {} cannot be played: its stored actions fail to replay (deal {}, action {}{}: {}); it is set aside",
            e.code,
            e.deal,
            e.index,
            e.action.as_deref().map(|a| format!(", `{a}`")).unwrap_or_default(),
            e.reason
        );
        if let Ok(mut p) = self.poisoned.lock() {
            p.insert(e.code.clone(), why.clone());
        }
        if let Err(err) = core.store.release_lease(&e.code, &core.node).await {
            tracing::warn!(table = %e.code, error = %err, "cannot release the lease of a set-aside table");
        }
        Refusal::new(ErrorCode::TableUnavailable, why)
    }

    /// Tables set aside because their stored actions fail to replay.
    pub fn set_aside_count(&self) -> usize {
        self.poisoned.lock().map_or(0, |p| p.len())
    }
}

/// The refusal of a table an operator closed (`binokel admin close`).
/// Its `reason` is `{"code": "operator_closed", "text": REASON}`.
fn closed(code: &str, reason: Option<String>) -> Refusal {
    let why = reason.as_ref().map(|r| format!(": {r}")).unwrap_or_default();
    let mut r = Refusal::new(
        ErrorCode::TableClosed,
        format!("table `{code}` was closed by the server's operator{why}"),
    );
    r.reason = Some(serde_json::json!({"code": "operator_closed", "text": reason.unwrap_or_default()}));
    r
}

fn unknown(code: &str) -> Refusal {
    Refusal::new(ErrorCode::UnknownTable, format!("no table `{code}`"))
}
