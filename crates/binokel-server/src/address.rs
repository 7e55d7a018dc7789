//! The client's address, for the per-address limits. Behind a reverse proxy every request
//! comes from the proxy; with `--trusted-proxies` the server believes what a trusted proxy
//! says about the client (docs/deploy.md, "Behind a proxy"):
//!
//! - the forwarding headers are read only when the peer is one of the trusted addresses;
//! - `Forwarded` (RFC 7239) wins when both it and `X-Forwarded-For` are present;
//! - the list is walked from the right (the hop nearest to this server), skipping trusted
//!   addresses; the first address that is not trusted is the client. A list of trusted
//!   addresses only gives its leftmost; a value that is not an address (`unknown`, an
//!   obfuscated name, garbage) stops the walk and the last trusted hop is the client.

use crate::shared::Shared;
use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;
use axum::http::HeaderMap;
use ipnet::IpNet;
use std::convert::Infallible;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

/// The client address of a request (see the module page).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClientAddr(pub IpAddr);

impl FromRequestParts<Arc<Shared>> for ClientAddr {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, s: &Arc<Shared>) -> Result<ClientAddr, Infallible> {
        let peer = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map_or(IpAddr::from([0, 0, 0, 0]), |c| c.0.ip());
        Ok(ClientAddr(client_address(
            peer,
            &parts.headers,
            &s.config.trusted_proxies,
        )))
    }
}

/// The client address of a request from `peer` with `headers`, given the trusted proxies.
pub fn client_address(peer: IpAddr, headers: &HeaderMap, trusted: &[IpNet]) -> IpAddr {
    let peer = canonical(peer);
    let is_trusted = |a: IpAddr| trusted.iter().any(|n| n.contains(&a));
    if !is_trusted(peer) {
        return peer;
    }
    let hops = if headers.contains_key("forwarded") {
        forwarded_for(headers)
    } else {
        x_forwarded_for(headers)
    };
    let mut client = peer;
    for hop in hops.iter().rev() {
        match hop {
            Some(a) if is_trusted(*a) => client = *a,
            Some(a) => return *a,
            None => return client,
        }
    }
    client
}

/// An IPv4 address mapped into IPv6 (`::ffff:10.0.0.1`) as IPv4, so one CIDR covers both.
fn canonical(a: IpAddr) -> IpAddr {
    match a {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(a, IpAddr::V4),
        v4 => v4,
    }
}

/// Every `X-Forwarded-For` entry, left to right, in every such header in order (None: not
/// an address).
fn x_forwarded_for(headers: &HeaderMap) -> Vec<Option<IpAddr>> {
    headers
        .get_all("x-forwarded-for")
        .iter()
        .flat_map(|v| {
            v.to_str()
                .unwrap_or("?")
                .split(',')
                .map(str::trim)
                .map(str::to_string)
                .collect::<Vec<_>>()
        })
        .map(|s| parse_node(&s))
        .collect()
}

/// Every `for=` of `Forwarded`, left to right (None: not an address).
fn forwarded_for(headers: &HeaderMap) -> Vec<Option<IpAddr>> {
    let mut out = Vec::new();
    for v in headers.get_all("forwarded") {
        let Ok(v) = v.to_str() else {
            out.push(None);
            continue;
        };
        for element in v.split(',') {
            let node = element.split(';').find_map(|pair| {
                let (k, v) = pair.split_once('=')?;
                k.trim()
                    .eq_ignore_ascii_case("for")
                    .then(|| v.trim().trim_matches('"').to_string())
            });
            if let Some(n) = node {
                out.push(parse_node(&n));
            }
        }
    }
    out
}

/// A node as the headers write it: `1.2.3.4`, `1.2.3.4:5678`, `[2001:db8::1]:80`, `2001:db8::1`.
fn parse_node(s: &str) -> Option<IpAddr> {
    if let Ok(a) = s.parse::<IpAddr>() {
        return Some(canonical(a));
    }
    if let Ok(sa) = s.parse::<SocketAddr>() {
        return Some(canonical(sa.ip()));
    }
    let inner = s.strip_prefix('[')?.split(']').next()?;
    inner.parse::<IpAddr>().ok().map(canonical)
}

/// Reads `--trusted-proxies`: CIDRs or single addresses, separated by commas.
pub fn parse_trusted(list: &str) -> Result<Vec<IpNet>, String> {
    list.split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| {
            s.parse::<IpNet>()
                .or_else(|_| s.parse::<IpAddr>().map(IpNet::from))
                .map_err(|_| format!("`{s}` is not an address or a CIDR block (like 10.0.0.0/8 or ::1)"))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn h(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut m = HeaderMap::new();
        for (k, v) in pairs {
            m.append(*k, HeaderValue::from_static(v));
        }
        m
    }

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    #[test]
    fn headers_count_only_from_a_trusted_peer() {
        let t = parse_trusted("10.0.0.0/8,::1").unwrap();
        let xff = h(&[("x-forwarded-for", "203.0.113.7")]);
        assert_eq!(client_address(ip("198.51.100.1"), &xff, &t), ip("198.51.100.1"));
        assert_eq!(client_address(ip("10.1.2.3"), &xff, &t), ip("203.0.113.7"));
        assert_eq!(client_address(ip("::1"), &xff, &t), ip("203.0.113.7"));
        assert_eq!(client_address(ip("10.1.2.3"), &xff, &[]), ip("10.1.2.3"));
    }

    #[test]
    fn the_walk_goes_from_the_right_skipping_trusted_hops() {
        let t = parse_trusted("10.0.0.0/8").unwrap();
        // A client that sends its own X-Forwarded-For cannot choose its address.
        let xff = h(&[("x-forwarded-for", "1.1.1.1, 203.0.113.7, 10.0.0.2")]);
        assert_eq!(client_address(ip("10.0.0.1"), &xff, &t), ip("203.0.113.7"));
        // Two headers read as one list.
        let two = h(&[("x-forwarded-for", "1.1.1.1"), ("x-forwarded-for", "203.0.113.9")]);
        assert_eq!(client_address(ip("10.0.0.1"), &two, &t), ip("203.0.113.9"));
        // Only trusted hops: the leftmost.
        let all = h(&[("x-forwarded-for", "10.9.9.9, 10.0.0.2")]);
        assert_eq!(client_address(ip("10.0.0.1"), &all, &t), ip("10.9.9.9"));
        // Garbage stops the walk at the last trusted hop.
        let bad = h(&[("x-forwarded-for", "1.1.1.1, nonsense, 10.0.0.2")]);
        assert_eq!(client_address(ip("10.0.0.1"), &bad, &t), ip("10.0.0.2"));
        // No header: the peer.
        assert_eq!(
            client_address(ip("10.0.0.1"), &HeaderMap::new(), &t),
            ip("10.0.0.1")
        );
    }

    #[test]
    fn forwarded_wins_over_x_forwarded_for() {
        let t = parse_trusted("10.0.0.0/8").unwrap();
        let both = h(&[
            ("x-forwarded-for", "198.51.100.5"),
            (
                "forwarded",
                "for=192.0.2.60;proto=https, for=\"[2001:db8:cafe::17]:4711\"",
            ),
        ]);
        assert_eq!(client_address(ip("10.0.0.1"), &both, &t), ip("2001:db8:cafe::17"));
        let fw = h(&[("forwarded", "for=192.0.2.43:8080, for=10.0.0.9")]);
        assert_eq!(client_address(ip("10.0.0.1"), &fw, &t), ip("192.0.2.43"));
        let unknown = h(&[("forwarded", "for=unknown")]);
        assert_eq!(client_address(ip("10.0.0.1"), &unknown, &t), ip("10.0.0.1"));
    }

    #[test]
    fn mapped_addresses_and_bad_lists() {
        let t = parse_trusted("127.0.0.1").unwrap();
        let xff = h(&[("x-forwarded-for", "::ffff:203.0.113.7")]);
        assert_eq!(
            client_address(ip("::ffff:127.0.0.1"), &xff, &t),
            ip("203.0.113.7")
        );
        let e = parse_trusted("10.0.0.0/8, nope").unwrap_err();
        assert!(e.contains("`nope`"), "{e}");
    }
}
