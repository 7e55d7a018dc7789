//! The review queue: reviews run as jobs of the bot worker pool ([`crate::bots`]), at most
//! [`Config::review_slots`](crate::Config::review_slots) at once (`--reviews`, and never
//! the pool's last worker: at least one worker always stays free for the tables); at most
//! [`Config::review_queue`](crate::Config::review_queue) more wait here, in memory, and
//! are put on the pool as a running review ends. A request past that is refused
//! ([`Busy`]); nothing queues without bound. A review's own parallel walk over its
//! decisions runs on a one-thread rayon pool of its own, so a review uses one core
//! whatever the machine. [`Reviews::stop`] (the server's shutdown) cancels the running
//! reviews between two decisions and drops the waiting ones; nothing half-done is stored.

use super::store::StoredReview;
use crate::bots::Spawner;
use crate::store::Store;
use binokel_ai::review::{review_record_cancellable, ReviewBudget, ReviewError, ReviewOptions};
use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

/// Where a review in memory stands (a finished one is in the database).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum JobState {
    /// Waiting for a review slot on the worker pool.
    Queued,
    /// Being computed.
    Running,
    /// It failed (the message says why); it is not stored.
    Failed(String),
}

/// A review in memory: its state and progress in decisions.
#[derive(Debug)]
pub struct Job {
    state: Mutex<JobState>,
    done: AtomicUsize,
    total: AtomicUsize,
}

impl Job {
    /// The state, decisions rated and decisions in all (0 until the review has counted them).
    pub fn progress(&self) -> (JobState, usize, usize) {
        let state = self.state.lock().map_or(JobState::Running, |s| s.clone());
        (
            state,
            self.done.load(Ordering::Relaxed),
            self.total.load(Ordering::Relaxed),
        )
    }

    fn set(&self, s: JobState) {
        if let Ok(mut st) = self.state.lock() {
            *st = s;
        }
    }
}

/// The queue is full: try again after the given seconds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Busy {
    /// Reviews running or waiting.
    pub pending: usize,
    /// Suggested wait in seconds (`Retry-After`).
    pub retry_after: u64,
}

struct Work {
    id: String,
    record: String,
    job: Arc<Job>,
}

/// Failed reviews are kept this long in memory (by count), so their error can be read.
const FAILED_KEPT: usize = 64;

/// The reviews running on the pool and those waiting for a slot.
#[derive(Default)]
struct Line {
    running: usize,
    waiting: VecDeque<Work>,
}

/// What the queue and its jobs on the pool share.
struct Inner {
    jobs: Mutex<HashMap<String, Arc<Job>>>,
    line: Mutex<Line>,
    /// Reviews on the pool at once.
    slots: usize,
    /// Reviews running and waiting at most.
    capacity: usize,
    /// Set by [`Reviews::stop`]: running reviews stop, waiting ones are dropped.
    cancel: AtomicBool,
    pool: Option<Spawner>,
    store: Store,
    rt: tokio::runtime::Handle,
    budget: ReviewBudget,
    /// Told whenever a running review ends ([`Reviews::all_stopped`]).
    ended: tokio::sync::Notify,
}

/// The review service of one server process.
pub struct Reviews {
    inner: Arc<Inner>,
    /// The budget every review of this server uses.
    pub budget: ReviewBudget,
}

impl Reviews {
    /// The review queue: at most `slots` reviews at once as jobs of the bot pool `pool`
    /// (0 slots or no pool: reviews are off, every request is busy), with room for `queue`
    /// more waiting; finished reviews are stored in `store` through the runtime `rt`.
    pub fn new(
        pool: Option<Spawner>,
        slots: usize,
        queue: usize,
        budget: ReviewBudget,
        store: Store,
        rt: tokio::runtime::Handle,
    ) -> Reviews {
        let slots = if pool.is_some() { slots } else { 0 };
        Reviews {
            inner: Arc::new(Inner {
                jobs: Mutex::default(),
                line: Mutex::default(),
                slots,
                capacity: if slots == 0 { 0 } else { slots + queue },
                cancel: AtomicBool::new(false),
                pool,
                store,
                rt,
                budget,
                ended: tokio::sync::Notify::new(),
            }),
            budget,
        }
    }

    /// The review `id` in memory (queued, running or failed), if it is there.
    pub fn job(&self, id: &str) -> Option<Arc<Job>> {
        self.inner.jobs.lock().ok()?.get(id).cloned()
    }

    /// Reviews running or waiting.
    pub fn pending(&self) -> usize {
        self.inner.line.lock().map_or(0, |l| l.running + l.waiting.len())
    }

    /// Reviews running on the pool now.
    pub fn running(&self) -> usize {
        self.inner.line.lock().map_or(0, |l| l.running)
    }

    /// Waits until no review runs (after [`Reviews::stop`], the running ones stop before
    /// their next decision).
    pub async fn all_stopped(&self) {
        loop {
            let ended = self.inner.ended.notified();
            tokio::pin!(ended);
            ended.as_mut().enable();
            if self.running() == 0 {
                return;
            }
            ended.await;
        }
    }

    /// Queues the review of `record` under `id`; the job already in memory under that id
    /// (queued or running) instead of a second one. Err when the queue is full (or the
    /// server is stopping).
    pub fn submit(&self, id: &str, record: String) -> Result<Arc<Job>, Busy> {
        let inner = &self.inner;
        let busy = |pending: usize| Busy {
            pending,
            retry_after: 10 * (pending as u64).max(1),
        };
        let Ok(mut jobs) = inner.jobs.lock() else {
            return Err(busy(self.pending()));
        };
        if let Some(j) = jobs.get(id) {
            if !matches!(j.progress().0, JobState::Failed(_)) {
                return Ok(j.clone());
            }
        }
        let job = Arc::new(Job {
            state: Mutex::new(JobState::Queued),
            done: AtomicUsize::new(0),
            total: AtomicUsize::new(0),
        });
        {
            let Ok(mut line) = inner.line.lock() else {
                return Err(busy(0));
            };
            let n = line.running + line.waiting.len();
            if n >= inner.capacity || inner.cancel.load(Ordering::SeqCst) {
                return Err(busy(n));
            }
            line.waiting.push_back(Work {
                id: id.to_string(),
                record,
                job: job.clone(),
            });
        }
        if jobs.len() > 4 * inner.capacity + FAILED_KEPT {
            jobs.retain(|_, j| !matches!(j.progress().0, JobState::Failed(_)));
        }
        jobs.insert(id.to_string(), job.clone());
        drop(jobs);
        Inner::pump(inner);
        Ok(job)
    }

    /// Stops the reviews (the server is shutting down): the running ones stop before their
    /// next decision, the waiting ones are dropped; none of them is stored, so a restarted
    /// server reviews them again when asked. [`Reviews::running`] falls to 0 as the
    /// running ones stop.
    pub fn stop(&self) {
        let inner = &self.inner;
        inner.cancel.store(true, Ordering::SeqCst);
        let dropped: Vec<Work> = inner
            .line
            .lock()
            .map(|mut l| l.waiting.drain(..).collect())
            .unwrap_or_default();
        for w in dropped {
            inner.forget(&w.id);
        }
    }
}

impl Inner {
    /// Puts waiting reviews on the pool while a slot is free.
    fn pump(this: &Arc<Inner>) {
        loop {
            let work = {
                let Ok(mut line) = this.line.lock() else {
                    return;
                };
                if line.running >= this.slots {
                    return;
                }
                let Some(w) = line.waiting.pop_front() else {
                    return;
                };
                line.running += 1;
                w
            };
            let me = this.clone();
            let (id, job) = (work.id.clone(), work.job.clone());
            let sent = this.pool.as_ref().is_some_and(|p| {
                p.spawn(move || {
                    me.run(work);
                    if let Ok(mut line) = me.line.lock() {
                        line.running -= 1;
                    }
                    me.ended.notify_waiters();
                    Inner::pump(&me);
                })
            });
            if !sent {
                if let Ok(mut line) = this.line.lock() {
                    line.running -= 1;
                }
                job.set(JobState::Failed(
                    "the review could not start: the server is stopping".into(),
                ));
                tracing::error!(review = %id, "the bot pool has stopped; review not started");
            }
        }
    }

    /// Takes a review out of memory.
    fn forget(&self, id: &str) {
        if let Ok(mut jobs) = self.jobs.lock() {
            jobs.remove(id);
        }
    }

    /// Reviews one record (on a bot worker, its decisions on a one-thread rayon pool of its
    /// own), stores the result and takes the job out of memory; a failure (a panic, the
    /// database) stays in memory as `Failed`; a cancelled review is forgotten.
    fn run(&self, w: Work) {
        if self.cancel.load(Ordering::SeqCst) {
            self.forget(&w.id);
            return;
        }
        w.job.set(JobState::Running);
        let opts = ReviewOptions {
            seats: Vec::new(),
            budget: self.budget,
            hindsight: true,
        };
        let job = w.job.clone();
        let progress = move |done: usize, total: usize| {
            job.total.store(total, Ordering::Relaxed);
            job.done.fetch_max(done, Ordering::Relaxed);
        };
        let started = std::time::Instant::now();
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            let one = rayon::ThreadPoolBuilder::new()
                .num_threads(1)
                .thread_name(|_| "binokel-review".into())
                .build()
                .map_err(|e| format!("cannot start the review's thread: {e}"))?;
            Ok::<_, String>(
                one.install(|| review_record_cancellable(&w.record, &opts, &progress, &self.cancel)),
            )
        }));
        let outcome = match result {
            Ok(Ok(Ok(review))) => {
                let stored = StoredReview {
                    record: w.record.clone(),
                    review: review.to_json_text(),
                };
                let store = self.store.clone();
                let id = w.id.clone();
                let saved = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    self.rt
                        .block_on(async move { store.save_review(&id, &stored).await })
                }));
                match saved {
                    Ok(Ok(())) => Ok(()),
                    Ok(Err(e)) => Err(format!("the review could not be stored: {e}")),
                    Err(_) => Err("the review could not be stored: the server is stopping".into()),
                }
            }
            Ok(Ok(Err(ReviewError::Cancelled))) => {
                tracing::info!(review = %w.id, secs = started.elapsed().as_secs_f64(), "review cancelled: the server is stopping");
                self.forget(&w.id);
                return;
            }
            Ok(Ok(Err(e))) => Err(format!("the record cannot be reviewed: {e}")),
            Ok(Err(e)) => Err(e),
            Err(p) => Err(format!("the review failed: {}", crate::store::panic_text(&*p))),
        };
        match outcome {
            Ok(()) => {
                tracing::info!(review = %w.id, secs = started.elapsed().as_secs_f64(), "review stored");
                self.forget(&w.id);
            }
            Err(m) => {
                tracing::error!(review = %w.id, error = %m, "review failed");
                w.job.set(JobState::Failed(m));
            }
        }
    }
}
