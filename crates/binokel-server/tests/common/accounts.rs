//! Helpers of the tests that use accounts: requests with a cookie and an Origin, sign-up,
//! login.

use super::{header, json_of};
use binokel_server::client::{http_with, HttpAnswer};
use binokel_server::Config;
use serde_json::{json, Value};
use std::net::IpAddr;
use std::time::Duration;

/// One request: `cookie` is sent as `Cookie`, `origin` as `Origin` (the server's own when
/// `Some("")`), `from` as the client address.
pub struct Req<'a> {
    pub url: &'a str,
    cookie: Option<&'a str>,
    origin: Option<&'a str>,
    from: Option<IpAddr>,
    extra: Vec<(&'a str, &'a str)>,
}

impl<'a> Req<'a> {
    pub fn to(url: &'a str) -> Req<'a> {
        Req {
            url,
            cookie: None,
            origin: Some(""),
            from: None,
            extra: Vec::new(),
        }
    }
    pub fn cookie(mut self, c: &'a str) -> Self {
        self.cookie = Some(c);
        self
    }
    pub fn origin(mut self, o: Option<&'a str>) -> Self {
        self.origin = o;
        self
    }
    pub fn from(mut self, ip: &str) -> Self {
        self.from = Some(ip.parse().unwrap());
        self
    }
    pub fn header(mut self, k: &'a str, v: &'a str) -> Self {
        self.extra.push((k, v));
        self
    }
    pub async fn send(&self, method: &str, path: &str, body: Option<Value>) -> HttpAnswer {
        let mut headers: Vec<(&str, &str)> = self.extra.clone();
        if let Some(c) = self.cookie {
            headers.push(("Cookie", c));
        }
        match self.origin {
            Some("") => headers.push(("Origin", self.url)),
            Some(o) => headers.push(("Origin", o)),
            None => {}
        }
        http_with(self.from, self.url, method, path, body.as_ref(), &headers)
            .await
            .unwrap_or_else(|e| panic!("{method} {path}: {e}"))
    }
}

/// The `name=value` of the login cookie an answer sets.
pub fn cookie_of(a: &HttpAnswer) -> String {
    let set = header(a, "set-cookie").unwrap_or_else(|| panic!("no Set-Cookie: {}", body(a)));
    set.split(';').next().unwrap().trim().to_string()
}

pub fn body(a: &HttpAnswer) -> String {
    String::from_utf8_lossy(&a.body).to_string()
}

pub fn expect(a: &HttpAnswer, status: u16, error: &str) {
    assert_eq!(a.status, status, "{}", body(a));
    if !error.is_empty() {
        assert_eq!(json_of(a)["error"], error, "{}", body(a));
    }
}

pub async fn sign_up(url: &str, name: &str, password: &str) -> (String, Value) {
    let a = Req::to(url)
        .send(
            "POST",
            "/api/accounts",
            Some(json!({"name": name, "password": password})),
        )
        .await;
    expect(&a, 201, "");
    (cookie_of(&a), json_of(&a))
}

pub async fn log_in(url: &str, name: &str, password: &str) -> HttpAnswer {
    Req::to(url)
        .send(
            "POST",
            "/api/session",
            Some(json!({"name": name, "password": password})),
        )
        .await
}

pub async fn who(url: &str, cookie: &str) -> HttpAnswer {
    Req::to(url)
        .cookie(cookie)
        .send("GET", "/api/session", None)
        .await
}

/// A test server's configuration for accounts: no delay after failures and no per-address
/// limits unless a test sets them.
pub fn cfg(db: &str) -> Config {
    let mut c = super::config(db);
    c.login_delay = Duration::ZERO;
    c.logins_per_minute = 0;
    c.signups_per_minute = 0;
    c
}

/// Runs a flow on SQLite, and on PostgreSQL (a fresh database named after the test, with this
/// prefix) where it is available.
#[macro_export]
macro_rules! both {
    ($prefix:literal, $flow:ident, $sqlite:ident, $postgres:ident) => {
        #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
        async fn $sqlite() {
            $flow(temp_sqlite(stringify!($flow))).await;
        }
        #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
        async fn $postgres() {
            let Some(db) = fresh_postgres_named($prefix, stringify!($postgres)).await else {
                return;
            };
            $flow(db).await;
        }
    };
}
