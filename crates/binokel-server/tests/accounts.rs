//! Accounts over real HTTP against a real server (issue #36; docs/protocol.md "Accounts",
//! docs/accounts.md): sign up, log in, who am I, log out, log out everywhere, change the
//! password, delete; and the refusals: a wrong password and an unknown name answered alike,
//! taken and confusable names, password lengths, a forged Origin, the per-address limits (also
//! behind a trusted proxy), the growing delay per name, one account reaching for another's, a
//! disabled account, an expired session and the expiry moved on. The flows
//! run on SQLite and, where `BINOKEL_TEST_POSTGRES` is set, on PostgreSQL.

#[macro_use]
mod common;

use binokel_server::accounts;
use binokel_server::store::Store;
use common::accounts::*;
use common::*;
use serde_json::{json, Value};
use std::time::{Duration, Instant};

both!(
    "accounts",
    sign_up_log_in_who_log_out,
    sqlite_sign_up_log_in_who_log_out,
    postgres_sign_up_log_in_who_log_out
);
async fn sign_up_log_in_who_log_out(db: String) {
    let srv = start(cfg(&db)).await;
    let (c1, me) = sign_up(&srv.url, " Anna ", "correct horse").await;
    assert_eq!(me["name"], "Anna");
    assert!(
        me["id"].as_i64().is_some() && me["created_ms"].as_i64().is_some(),
        "{me}"
    );
    assert!(c1.starts_with("binokel_login=") && c1.len() > 60, "{c1}");
    let w = who(&srv.url, &c1).await;
    expect(&w, 200, "");
    assert_eq!(json_of(&w), me);
    // The answer never carries the secret in JSON.
    assert!(!body(&w).contains(c1.split('=').nth(1).unwrap()));
    // Log out: the cookie is cleared and the session is dead.
    let out = Req::to(&srv.url)
        .cookie(&c1)
        .send("DELETE", "/api/session", None)
        .await;
    expect(&out, 204, "");
    assert!(header(&out, "set-cookie").unwrap().contains("Max-Age=0"));
    expect(&who(&srv.url, &c1).await, 401, "not_logged_in");
    // Without a cookie: not logged in.
    expect(
        &Req::to(&srv.url).send("GET", "/api/session", None).await,
        401,
        "not_logged_in",
    );
    // Log in again, by the name in another case.
    let a = log_in(&srv.url, "anna", "correct horse").await;
    expect(&a, 200, "");
    assert_eq!(json_of(&a), me);
    let c2 = cookie_of(&a);
    assert_ne!(c1, c2, "a new login has a new secret");
    expect(&who(&srv.url, &c2).await, 200, "");
    srv.stop().await;
}

both!(
    "accounts",
    log_out_everywhere,
    sqlite_log_out_everywhere,
    postgres_log_out_everywhere
);
async fn log_out_everywhere(db: String) {
    let srv = start(cfg(&db)).await;
    let (phone, _) = sign_up(&srv.url, "Ben", "pass-word-1").await;
    let laptop = cookie_of(&log_in(&srv.url, "Ben", "pass-word-1").await);
    let (other, _) = sign_up(&srv.url, "Cleo", "pass-word-2").await;
    expect(&who(&srv.url, &laptop).await, 200, "");
    let all = Req::to(&srv.url)
        .cookie(&phone)
        .send("DELETE", "/api/sessions", None)
        .await;
    expect(&all, 204, "");
    expect(&who(&srv.url, &laptop).await, 401, "not_logged_in");
    expect(&who(&srv.url, &phone).await, 401, "not_logged_in");
    // Another account's session lives on.
    expect(&who(&srv.url, &other).await, 200, "");
    // Without a login there is nothing to end.
    let none = Req::to(&srv.url).send("DELETE", "/api/sessions", None).await;
    expect(&none, 401, "not_logged_in");
    srv.stop().await;
}

both!(
    "accounts",
    change_password,
    sqlite_change_password,
    postgres_change_password
);
async fn change_password(db: String) {
    let srv = start(cfg(&db)).await;
    let (here, _) = sign_up(&srv.url, "Dora", "old password").await;
    let there = cookie_of(&log_in(&srv.url, "Dora", "old password").await);
    let change = |pw: &'static str, new: &'static str| {
        let url = srv.url.clone();
        let here = here.clone();
        async move {
            Req::to(&url)
                .cookie(&here)
                .send(
                    "PUT",
                    "/api/accounts/Dora/password",
                    Some(json!({"password": pw, "new_password": new})),
                )
                .await
        }
    };
    expect(
        &change("not the password", "new password").await,
        401,
        "wrong_password",
    );
    expect(&change("old password", "short").await, 400, "password_too_short");
    expect(&change("old password", "new password").await, 204, "");
    // This session stays, the other one ends.
    expect(&who(&srv.url, &here).await, 200, "");
    expect(&who(&srv.url, &there).await, 401, "not_logged_in");
    expect(
        &log_in(&srv.url, "Dora", "old password").await,
        401,
        "wrong_login",
    );
    expect(&log_in(&srv.url, "Dora", "new password").await, 200, "");
    srv.stop().await;
}

both!(
    "accounts",
    delete_account,
    sqlite_delete_account,
    postgres_delete_account
);
async fn delete_account(db: String) {
    let srv = start(cfg(&db)).await;
    let (c, me) = sign_up(&srv.url, "Emil", "emil's password").await;
    let other = cookie_of(&log_in(&srv.url, "Emil", "emil's password").await);
    let del = |pw: &'static str| {
        let url = srv.url.clone();
        let c = c.clone();
        async move {
            Req::to(&url)
                .cookie(&c)
                .send("DELETE", "/api/accounts/Emil", Some(json!({"password": pw})))
                .await
        }
    };
    expect(&del("wrong password").await, 401, "wrong_password");
    expect(&who(&srv.url, &c).await, 200, "");
    let gone = del("emil's password").await;
    expect(&gone, 204, "");
    assert!(header(&gone, "set-cookie").unwrap().contains("Max-Age=0"));
    expect(&who(&srv.url, &c).await, 401, "not_logged_in");
    expect(&who(&srv.url, &other).await, 401, "not_logged_in");
    expect(
        &log_in(&srv.url, "Emil", "emil's password").await,
        401,
        "wrong_login",
    );
    // The name is free again; the id is never given again.
    let (_, again) = sign_up(&srv.url, "Emil", "another password").await;
    assert!(
        again["id"].as_i64().unwrap() > me["id"].as_i64().unwrap(),
        "{again} {me}"
    );
    srv.stop().await;
}

both!(
    "accounts",
    taken_and_confusable_names,
    sqlite_taken_and_confusable_names,
    postgres_taken_and_confusable_names
);
async fn taken_and_confusable_names(db: String) {
    let srv = start(cfg(&db)).await;
    sign_up(&srv.url, "Anna", "password one").await;
    // Upper case, Cyrillic А, full-width letters, a zero-width space.
    for name in ["ANNA", "\u{410}nna", "Ａｎｎａ", "An\u{200b}na", "anna"] {
        let a = Req::to(&srv.url)
            .send(
                "POST",
                "/api/accounts",
                Some(json!({"name": name, "password": "password two"})),
            )
            .await;
        expect(&a, 409, "name_taken");
        assert_eq!(json_of(&a)["field"], "name");
    }
    // A name that only looks alike logs in to the same account.
    expect(&log_in(&srv.url, "\u{410}NNA", "password one").await, 200, "");
    sign_up(&srv.url, "Anne", "password two").await;
    srv.stop().await;
}

both!(
    "accounts",
    one_account_cannot_reach_another,
    sqlite_one_account_cannot_reach_another,
    postgres_one_account_cannot_reach_another
);
async fn one_account_cannot_reach_another(db: String) {
    let srv = start(cfg(&db)).await;
    sign_up(&srv.url, "Fritz", "fritz password").await;
    let (greta, _) = sign_up(&srv.url, "Greta", "greta password").await;
    for pw in ["greta password", "fritz password"] {
        let del = Req::to(&srv.url)
            .cookie(&greta)
            .send("DELETE", "/api/accounts/Fritz", Some(json!({"password": pw})))
            .await;
        expect(&del, 403, "not_yours");
        let change = Req::to(&srv.url)
            .cookie(&greta)
            .send(
                "PUT",
                "/api/accounts/Fritz/password",
                Some(json!({"password": pw, "new_password": "taken over"})),
            )
            .await;
        expect(&change, 403, "not_yours");
    }
    // A name nobody holds is answered the same.
    let nobody = Req::to(&srv.url)
        .cookie(&greta)
        .send(
            "DELETE",
            "/api/accounts/Nobody",
            Some(json!({"password": "greta password"})),
        )
        .await;
    expect(&nobody, 403, "not_yours");
    // Without a login: 401.
    let anon = Req::to(&srv.url)
        .send(
            "DELETE",
            "/api/accounts/Fritz",
            Some(json!({"password": "fritz password"})),
        )
        .await;
    expect(&anon, 401, "not_logged_in");
    expect(&log_in(&srv.url, "Fritz", "fritz password").await, 200, "");
    srv.stop().await;
}

both!(
    "accounts",
    operator_disables_enables_and_resets,
    sqlite_operator_disables_enables_and_resets,
    postgres_operator_disables_enables_and_resets
);
async fn operator_disables_enables_and_resets(db: String) {
    let srv = start(cfg(&db)).await;
    let (c, _) = sign_up(&srv.url, "Hans", "hans password").await;
    let store = Store::open(&db).await.unwrap();
    let listed = accounts::list(&store).await.unwrap();
    assert_eq!(listed.len(), 1);
    assert_eq!((listed[0].name.as_str(), listed[0].disabled), ("Hans", false));
    assert_eq!(accounts::session_count(&store, &listed[0]).await.unwrap(), 1);
    let d = accounts::disable(&store, "hans").await.unwrap();
    assert!(d.disabled);
    // Its session ended; it cannot log in; a wrong password still says only "wrong".
    expect(&who(&srv.url, &c).await, 401, "not_logged_in");
    expect(
        &log_in(&srv.url, "Hans", "hans password").await,
        403,
        "account_disabled",
    );
    expect(
        &log_in(&srv.url, "Hans", "not the password").await,
        401,
        "wrong_login",
    );
    assert!(!accounts::enable(&store, "Hans").await.unwrap().disabled);
    let c2 = cookie_of(&log_in(&srv.url, "Hans", "hans password").await);
    // A reset: every session ends, the old password is refused, the new one works.
    let e = accounts::reset_password(&store, "Hans", "short")
        .await
        .unwrap_err();
    assert!(e.to_string().contains("fewer than 8"), "{e}");
    let e = accounts::reset_password(&store, "Nobody", "long enough")
        .await
        .unwrap_err();
    assert!(e.to_string().contains("no account is named `Nobody`"), "{e}");
    accounts::reset_password(&store, "Hans", "reset by the club")
        .await
        .unwrap();
    expect(&who(&srv.url, &c2).await, 401, "not_logged_in");
    expect(
        &log_in(&srv.url, "Hans", "hans password").await,
        401,
        "wrong_login",
    );
    expect(&log_in(&srv.url, "Hans", "reset by the club").await, 200, "");
    store.close().await;
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_wrong_password_and_an_unknown_name_are_answered_alike() {
    let srv = start(cfg(&temp_sqlite("alike"))).await;
    sign_up(&srv.url, "Ida", "ida password").await;
    let mut known = Duration::MAX;
    let mut unknown = Duration::MAX;
    for i in 0..3 {
        let t = Instant::now();
        let a = log_in(&srv.url, "Ida", &format!("guess number {i}")).await;
        known = known.min(t.elapsed());
        let t = Instant::now();
        let b = log_in(&srv.url, &format!("Nobody{i}"), &format!("guess number {i}")).await;
        unknown = unknown.min(t.elapsed());
        expect(&a, 401, "wrong_login");
        assert_eq!(
            (a.status, a.body.clone()),
            (b.status, b.body.clone()),
            "the answers differ"
        );
    }
    // An unknown name is checked against a dummy hash: it takes as long (within a factor, on
    // a busy machine) as a wrong password.
    assert!(unknown * 3 >= known, "unknown {unknown:?} vs known {known:?}");
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_names_and_passwords_are_refused_naming_the_field() {
    let srv = start(cfg(&temp_sqlite("rules"))).await;
    let post = |b: Value| {
        let url = srv.url.clone();
        async move { Req::to(&url).send("POST", "/api/accounts", Some(b)).await }
    };
    let a = post(json!({"name": "Jan", "password": "seven77"})).await;
    expect(&a, 400, "password_too_short");
    assert_eq!(json_of(&a)["field"], "password");
    let a = post(json!({"name": "Jan", "password": "x".repeat(1025)})).await;
    expect(&a, 400, "password_too_long");
    assert!(
        json_of(&a)["message"].as_str().unwrap().contains("1024"),
        "{}",
        body(&a)
    );
    let a = post(json!({"name": "\u{200b}", "password": "long enough"})).await;
    expect(&a, 400, "bad_request");
    assert_eq!(json_of(&a)["field"], "name");
    let a = post(json!({"name": "J".repeat(25), "password": "long enough"})).await;
    assert_eq!(json_of(&a)["field"], "name");
    let a = post(json!({"password": "long enough"})).await;
    assert_eq!(json_of(&a)["field"], "name");
    let a = Req::to(&srv.url).send("POST", "/api/accounts", None).await;
    expect(&a, 400, "bad_request");
    // A misspelt field is named, not ignored.
    let a = post(json!({"name": "Jan", "pasword": "long enough"})).await;
    expect(&a, 400, "bad_request");
    assert!(body(&a).contains("unknown field `pasword`"), "{}", body(&a));
    // A huge password at login is refused before it is hashed.
    let a = log_in(&srv.url, "Jan", &"x".repeat(5000)).await;
    expect(&a, 400, "password_too_long");
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_forged_origin_is_refused() {
    let srv = start(cfg(&temp_sqlite("origin"))).await;
    let evil = Some("http://evil.example");
    let creds = json!({"name": "Karl", "password": "karl password"});
    let a = Req::to(&srv.url)
        .origin(evil)
        .send("POST", "/api/accounts", Some(creds.clone()))
        .await;
    expect(&a, 403, "bad_origin");
    assert!(json_of(&a)["message"].as_str().unwrap().contains("evil.example"));
    // Another port of the same host is another origin (SameSite would not stop it).
    let a = Req::to(&srv.url)
        .origin(Some("http://127.0.0.1:1"))
        .send("POST", "/api/accounts", Some(creds.clone()))
        .await;
    expect(&a, 403, "bad_origin");
    let (c, _) = sign_up(&srv.url, "Karl", "karl password").await;
    // Login, log out everywhere and a table created with the cookie: refused from elsewhere.
    let a = Req::to(&srv.url)
        .origin(evil)
        .send("POST", "/api/session", Some(creds.clone()))
        .await;
    expect(&a, 403, "bad_origin");
    let a = Req::to(&srv.url)
        .origin(Some("null"))
        .cookie(&c)
        .send("DELETE", "/api/sessions", None)
        .await;
    expect(&a, 403, "bad_origin");
    let a = Req::to(&srv.url)
        .origin(evil)
        .cookie(&c)
        .send(
            "POST",
            "/api/tables",
            Some(json!({"seats": [{"kind": "human"}, {"kind": "bot"}, {"kind": "bot"}]})),
        )
        .await;
    expect(&a, 403, "bad_origin");
    // No Origin but a browser saying it comes from another site.
    let a = Req::to(&srv.url)
        .origin(None)
        .cookie(&c)
        .header("Sec-Fetch-Site", "cross-site")
        .send("DELETE", "/api/sessions", None)
        .await;
    expect(&a, 403, "bad_origin");
    expect(&who(&srv.url, &c).await, 200, "");
    // Reading is not state-changing: GET is never checked.
    let a = Req::to(&srv.url)
        .origin(evil)
        .cookie(&c)
        .send("GET", "/api/session", None)
        .await;
    expect(&a, 200, "");
    // A client that is no browser sends no Origin: let through.
    let a = Req::to(&srv.url)
        .origin(None)
        .cookie(&c)
        .send("DELETE", "/api/sessions", None)
        .await;
    expect(&a, 204, "");
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn over_https_the_cookie_is_secure_and_the_public_url_is_this_site() {
    let db = temp_sqlite("https");
    let mut c = cfg(&db);
    c.public_url = Some("https://club.example".into());
    let srv = start(c).await;
    let a = Req::to(&srv.url)
        .origin(Some("https://club.example"))
        .send(
            "POST",
            "/api/accounts",
            Some(json!({"name": "Lena", "password": "lena password"})),
        )
        .await;
    expect(&a, 201, "");
    let set = header(&a, "set-cookie").unwrap().to_string();
    assert!(set.starts_with("__Host-binokel_login="), "{set}");
    for part in ["HttpOnly", "SameSite=Lax", "Secure", "Path=/"] {
        assert!(set.contains(part), "{set} lacks {part}");
    }
    let cookie = cookie_of(&a);
    expect(&who(&srv.url, &cookie).await, 200, "");
    // The plain-http page of the same host is not this site.
    let a = Req::to(&srv.url)
        .origin(Some("http://club.example"))
        .cookie(&cookie)
        .send("DELETE", "/api/session", None)
        .await;
    expect(&a, 403, "bad_origin");
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn logins_and_sign_ups_are_limited_per_address() {
    let db = temp_sqlite("limits");
    let mut c = cfg(&db);
    c.logins_per_minute = 3;
    c.signups_per_minute = 2;
    let srv = start(c).await;
    let up = |name: &'static str, from: &'static str| {
        let url = srv.url.clone();
        async move {
            Req::to(&url)
                .from(from)
                .send(
                    "POST",
                    "/api/accounts",
                    Some(json!({"name": name, "password": "a password"})),
                )
                .await
        }
    };
    expect(&up("Max", "127.0.0.1").await, 201, "");
    expect(&up("Mia", "127.0.0.1").await, 201, "");
    let a = up("Moritz", "127.0.0.1").await;
    expect(&a, 429, "too_many_signups");
    assert!(header(&a, "retry-after").is_some_and(|s| s.parse::<u64>().unwrap() >= 1));
    // Another address has its own count.
    expect(&up("Moritz", "127.0.0.2").await, 201, "");
    let login = |pw: &'static str, from: &'static str| {
        let url = srv.url.clone();
        async move {
            Req::to(&url)
                .from(from)
                .send(
                    "POST",
                    "/api/session",
                    Some(json!({"name": "Max", "password": pw})),
                )
                .await
        }
    };
    expect(&login("wrong one", "127.0.0.1").await, 401, "wrong_login");
    expect(&login("wrong two", "127.0.0.1").await, 401, "wrong_login");
    expect(&login("a password", "127.0.0.1").await, 200, "");
    let a = login("a password", "127.0.0.1").await;
    expect(&a, 429, "too_many_logins");
    assert!(header(&a, "retry-after").is_some());
    expect(&login("a password", "127.0.0.3").await, 200, "");
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn failed_logins_slow_the_answers_for_that_name_and_never_lock_it() {
    let db = temp_sqlite("delay");
    let mut c = cfg(&db);
    c.login_delay = Duration::from_millis(1500);
    let srv = start(c).await;
    sign_up(&srv.url, "Nora", "nora password").await;
    sign_up(&srv.url, "Otto", "otto password").await;
    for name in ["Nora", "Nobody"] {
        for i in 0..3 {
            let t = Instant::now();
            expect(
                &log_in(&srv.url, name, &format!("guess {i}")).await,
                401,
                "wrong_login",
            );
            assert!(
                t.elapsed() < Duration::from_millis(1500),
                "the first failures are not slowed"
            );
        }
    }
    // The fourth attempt waits, for a name that exists as for one that does not.
    let t = Instant::now();
    expect(&log_in(&srv.url, "Nobody", "guess 4").await, 401, "wrong_login");
    assert!(t.elapsed() >= Duration::from_millis(1500), "{:?}", t.elapsed());
    // The owner still gets in, after the delay; then the name's failures are forgotten.
    let t = Instant::now();
    expect(&log_in(&srv.url, "Nora", "nora password").await, 200, "");
    assert!(t.elapsed() >= Duration::from_millis(1500), "{:?}", t.elapsed());
    let t = Instant::now();
    expect(&log_in(&srv.url, "Nora", "nora password").await, 200, "");
    assert!(t.elapsed() < Duration::from_millis(1500), "{:?}", t.elapsed());
    // Another name was never slowed.
    let t = Instant::now();
    expect(&log_in(&srv.url, "Otto", "otto password").await, 200, "");
    assert!(t.elapsed() < Duration::from_millis(1500), "{:?}", t.elapsed());
    srv.stop().await;
}

/// Sets the expiry of every login session in the database `db`.
async fn set_expiry(db: &str, expires_ms: i64) {
    let store = Store::open(db).await.unwrap(); // installs the drivers, runs the migrations
    store.close().await;
    let url = match binokel_server::store::sqlite_path(db) {
        Some(path) => format!("sqlite://{path}"),
        None => db.to_string(),
    };
    let pool = sqlx::AnyPool::connect(&url).await.unwrap();
    sqlx::query("UPDATE login_sessions SET expires_ms = $1")
        .bind(expires_ms)
        .execute(&pool)
        .await
        .unwrap();
    pool.close().await;
}

async fn expiries(db: &str) -> Vec<i64> {
    let url = match binokel_server::store::sqlite_path(db) {
        Some(path) => format!("sqlite://{path}"),
        None => db.to_string(),
    };
    let pool = sqlx::AnyPool::connect(&url).await.unwrap();
    let rows: Vec<(i64,)> = sqlx::query_as("SELECT expires_ms FROM login_sessions")
        .fetch_all(&pool)
        .await
        .unwrap();
    pool.close().await;
    rows.into_iter().map(|r| r.0).collect()
}

both!(
    "accounts",
    sessions_expire_and_asking_moves_them_on,
    sqlite_sessions_expire_and_asking_moves_them_on,
    postgres_sessions_expire_and_asking_moves_them_on
);
async fn sessions_expire_and_asking_moves_them_on(db: String) {
    let srv = start(cfg(&db)).await;
    let (c, _) = sign_up(&srv.url, "Paula", "paula password").await;
    let day = 24 * 3600 * 1000;
    let now = binokel_server::store::now_ms();
    // The session lasts 30 days; the database keeps a hash, never the secret.
    let e = expiries(&db).await;
    assert_eq!(e.len(), 1);
    assert!((now + 29 * day..=now + 31 * day).contains(&e[0]), "{e:?}");
    // Asking who is logged in a day or more later moves it on and sends the cookie again.
    set_expiry(&db, now + 2 * day).await;
    let w = who(&srv.url, &c).await;
    expect(&w, 200, "");
    assert_eq!(cookie_of(&w), c);
    let e = expiries(&db).await;
    assert!(e[0] > now + 29 * day, "{e:?}");
    // Asking again at once changes nothing.
    expect(&who(&srv.url, &c).await, 200, "");
    assert!(header(&who(&srv.url, &c).await, "set-cookie").is_none());
    // An expired session is no login.
    set_expiry(&db, now - 1).await;
    expect(&who(&srv.url, &c).await, 401, "not_logged_in");
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn behind_a_trusted_proxy_the_login_limit_counts_each_client() {
    let db = temp_sqlite("proxy");
    let mut c = cfg(&db);
    c.logins_per_minute = 1;
    c.trusted_proxies = binokel_server::address::parse_trusted("127.0.0.1").unwrap();
    let srv = start(c).await;
    sign_up(&srv.url, "Quirin", "quirin password").await;
    let login = |client: &'static str| {
        let url = srv.url.clone();
        async move {
            Req::to(&url)
                .header("X-Forwarded-For", client)
                .send(
                    "POST",
                    "/api/session",
                    Some(json!({"name": "Quirin", "password": "quirin password"})),
                )
                .await
        }
    };
    expect(&login("203.0.113.1").await, 200, "");
    expect(&login("203.0.113.1").await, 429, "too_many_logins");
    expect(&login("203.0.113.2").await, 200, "");
    srv.stop().await;
}
