//! The review queue: at most [`Config::reviews`](crate::Config::reviews) reviews run at
//! once, each on a thread of its own (a one-thread rayon pool, so a review's parallel walk
//! never spreads over the machine); at most
//! [`Config::review_queue`](crate::Config::review_queue) more wait. Reviews never run on
//! the bot workers ([`crate::bots`]) nor on the async threads: every bot worker stays free
//! for the tables. A request past the queue is refused ([`Busy`]); nothing queues without
//! bound.

use super::store::StoredReview;
use crate::store::Store;
use binokel_ai::review::{review_record, ReviewBudget, ReviewOptions};
use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{mpsc, Arc, Mutex};

/// Where a review in memory stands (a finished one is in the database).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum JobState {
    /// Waiting for a review thread.
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

/// The review service of one server process.
pub struct Reviews {
    jobs: Arc<Mutex<HashMap<String, Arc<Job>>>>,
    pending: Arc<AtomicUsize>,
    capacity: usize,
    tx: Option<Mutex<mpsc::Sender<Work>>>,
    /// The budget every review of this server uses.
    pub budget: ReviewBudget,
}

impl Reviews {
    /// Starts `threads` review threads (0: reviews are off) with room for `queue` more
    /// waiting reviews, storing finished ones in `store` through the runtime `rt`.
    pub fn new(
        threads: usize,
        queue: usize,
        budget: ReviewBudget,
        store: Store,
        rt: tokio::runtime::Handle,
    ) -> Result<Reviews, String> {
        let jobs: Arc<Mutex<HashMap<String, Arc<Job>>>> = Arc::default();
        let pending = Arc::new(AtomicUsize::new(0));
        let tx = if threads == 0 {
            None
        } else {
            let (tx, rx) = mpsc::channel::<Work>();
            let rx = Arc::new(Mutex::new(rx));
            for i in 0..threads {
                let rx = rx.clone();
                let ctx = Worker {
                    jobs: jobs.clone(),
                    pending: pending.clone(),
                    store: store.clone(),
                    rt: rt.clone(),
                    budget,
                };
                let pool = rayon::ThreadPoolBuilder::new()
                    .num_threads(1)
                    .thread_name(move |_| format!("binokel-review-{i}"))
                    .build()
                    .map_err(|e| format!("cannot start a review thread: {e}"))?;
                std::thread::Builder::new()
                    .name(format!("binokel-review-queue-{i}"))
                    .spawn(move || loop {
                        let work = match rx.lock() {
                            Ok(r) => match r.recv() {
                                Ok(w) => w,
                                Err(_) => return,
                            },
                            Err(_) => return,
                        };
                        pool.install(|| ctx.run(work));
                    })
                    .map_err(|e| format!("cannot start a review thread: {e}"))?;
            }
            Some(Mutex::new(tx))
        };
        Ok(Reviews {
            jobs,
            pending,
            capacity: if threads == 0 { 0 } else { threads + queue },
            tx,
            budget,
        })
    }

    /// The review `id` in memory (queued, running or failed), if it is there.
    pub fn job(&self, id: &str) -> Option<Arc<Job>> {
        self.jobs.lock().ok()?.get(id).cloned()
    }

    /// Reviews running or waiting.
    pub fn pending(&self) -> usize {
        self.pending.load(Ordering::SeqCst)
    }

    /// Queues the review of `record` under `id`; the job already in memory under that id
    /// (queued or running) instead of a second one. Err when the queue is full.
    pub fn submit(&self, id: &str, record: String) -> Result<Arc<Job>, Busy> {
        let busy = |pending: usize| Busy {
            pending,
            retry_after: 10 * (pending as u64).max(1),
        };
        let Ok(mut jobs) = self.jobs.lock() else {
            return Err(busy(self.pending()));
        };
        if let Some(j) = jobs.get(id) {
            if !matches!(j.progress().0, JobState::Failed(_)) {
                return Ok(j.clone());
            }
        }
        let n = self.pending.load(Ordering::SeqCst);
        let Some(tx) = self.tx.as_ref().filter(|_| n < self.capacity) else {
            return Err(busy(n));
        };
        let job = Arc::new(Job {
            state: Mutex::new(JobState::Queued),
            done: AtomicUsize::new(0),
            total: AtomicUsize::new(0),
        });
        self.pending.fetch_add(1, Ordering::SeqCst);
        let sent = tx.lock().is_ok_and(|t| {
            t.send(Work {
                id: id.to_string(),
                record,
                job: job.clone(),
            })
            .is_ok()
        });
        if !sent {
            self.pending.fetch_sub(1, Ordering::SeqCst);
            return Err(busy(n));
        }
        if jobs.len() > 4 * self.capacity + FAILED_KEPT {
            jobs.retain(|_, j| !matches!(j.progress().0, JobState::Failed(_)));
        }
        jobs.insert(id.to_string(), job.clone());
        Ok(job)
    }
}

/// What a review thread needs.
struct Worker {
    jobs: Arc<Mutex<HashMap<String, Arc<Job>>>>,
    pending: Arc<AtomicUsize>,
    store: Store,
    rt: tokio::runtime::Handle,
    budget: ReviewBudget,
}

impl Worker {
    /// Reviews one record (on the review pool's thread), stores the result and takes the job
    /// out of memory; a failure (a panic, the database) stays in memory as `Failed`.
    fn run(&self, w: Work) {
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
            review_record(&w.record, &opts, &progress)
        }));
        let outcome = match result {
            Ok(Ok(review)) => {
                let stored = StoredReview {
                    record: w.record.clone(),
                    review: review.to_json().to_string(),
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
            Ok(Err(e)) => Err(format!("the record cannot be reviewed: {e}")),
            Err(p) => Err(format!("the review failed: {}", crate::store::panic_text(&*p))),
        };
        match outcome {
            Ok(()) => {
                tracing::info!(review = %w.id, secs = started.elapsed().as_secs_f64(), "review stored");
                if let Ok(mut jobs) = self.jobs.lock() {
                    jobs.remove(&w.id);
                }
            }
            Err(m) => {
                tracing::error!(review = %w.id, error = %m, "review failed");
                w.job.set(JobState::Failed(m));
            }
        }
        self.pending.fetch_sub(1, Ordering::SeqCst);
    }
}
