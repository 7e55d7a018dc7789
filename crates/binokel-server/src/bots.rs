//! The bounded pool of bot workers: every bot decision and hint of the process runs on one
//! of a fixed number of threads (by default one fewer than the cores), each lending its own solver table to
//! the decision it runs ([`binokel_ai::make_worker_bot`]). Memory then grows with the
//! workers, not with the bot seats, and a table waits its turn for a worker instead of
//! starting more threads. Game reviews run on the same workers ([`Spawner`], used by
//! [`crate::review::queue`]), never more of them at once than leaves one worker for the
//! tables.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{mpsc, Arc, Mutex};
use tokio::sync::oneshot;

type Job = Box<dyn FnOnce() + Send>;

/// The worker pool.
pub struct BotPool {
    tx: Mutex<mpsc::Sender<Job>>,
    workers: usize,
    waiting: Arc<AtomicUsize>,
}

impl BotPool {
    /// A pool of `workers` threads (at least one).
    pub fn new(workers: usize) -> Result<BotPool, String> {
        let workers = workers.max(1);
        let (tx, rx) = mpsc::channel::<Job>();
        let rx = Arc::new(Mutex::new(rx));
        for i in 0..workers {
            let rx = rx.clone();
            std::thread::Builder::new()
                .name(format!("binokel-bot-{i}"))
                .spawn(move || loop {
                    let job = match rx.lock() {
                        Ok(r) => match r.recv() {
                            Ok(j) => j,
                            Err(_) => return,
                        },
                        Err(_) => return,
                    };
                    job();
                })
                .map_err(|e| format!("cannot start a bot worker thread: {e}"))?;
        }
        Ok(BotPool {
            tx: Mutex::new(tx),
            workers,
            waiting: Arc::new(AtomicUsize::new(0)),
        })
    }

    /// The number of worker threads.
    pub fn workers(&self) -> usize {
        self.workers
    }

    /// Jobs queued or running.
    pub fn waiting(&self) -> usize {
        self.waiting.load(Ordering::Relaxed)
    }

    /// A handle that puts jobs on this pool's workers from any thread (None if the pool
    /// stopped).
    pub fn spawner(&self) -> Option<Spawner> {
        self.tx.lock().ok().map(|t| Spawner { tx: t.clone() })
    }

    /// Runs `f` on a worker and returns its result; None if it panicked or the pool stopped.
    pub async fn run<R: Send + 'static>(&self, f: impl FnOnce() -> R + Send + 'static) -> Option<R> {
        let (tx, rx) = oneshot::channel();
        let waiting = self.waiting.clone();
        waiting.fetch_add(1, Ordering::Relaxed);
        let job: Job = Box::new(move || {
            let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(f));
            waiting.fetch_sub(1, Ordering::Relaxed);
            if let Err(p) = &r {
                tracing::error!(panic = %crate::store::panic_text(&**p), "a bot panicked");
            }
            let _ = tx.send(r.ok());
        });
        let sent = match self.tx.lock() {
            Ok(t) => t.send(job).is_ok(),
            Err(_) => false,
        };
        if !sent {
            self.waiting.fetch_sub(1, Ordering::Relaxed);
            return None;
        }
        rx.await.ok().flatten()
    }
}

/// Puts jobs on the bot workers without waiting for them: the review queue's way onto the
/// pool. The job queues behind the bot decisions already waiting, in order.
#[derive(Clone)]
pub struct Spawner {
    tx: mpsc::Sender<Job>,
}

impl Spawner {
    /// Queues `f` for a worker (a panic in it is logged and the worker lives on); false if
    /// the pool has stopped.
    pub fn spawn(&self, f: impl FnOnce() + Send + 'static) -> bool {
        let job: Job = Box::new(move || {
            if let Err(p) = std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)) {
                tracing::error!(panic = %crate::store::panic_text(&*p), "a job on the bot pool panicked");
            }
        });
        self.tx.send(job).is_ok()
    }
}
