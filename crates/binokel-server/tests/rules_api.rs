//! `GET /api/rules` (docs/protocol.md, "The rules"): every preset with the values the rules
//! crate has, every option with its values and default, and the scoring constants.

mod common;

use binokel::rules::{OptionValues, Preset, Rules, OPTIONS};
use binokel_server::client::http;
use common::{config, start, temp_sqlite};

#[tokio::test]
async fn the_rules_api_lists_every_preset_and_option_as_the_rules_crate_has_them() {
    let server = start(config(&temp_sqlite("rules-api"))).await;
    let a = http(&server.url, "GET", "/api/rules", None).await.unwrap();
    assert_eq!(a.status, 200);
    let ct = a
        .headers
        .iter()
        .find(|(k, _)| k == "content-type")
        .map(|(_, v)| v.as_str());
    assert_eq!(ct, Some("application/json"));
    let v = a.json().unwrap();

    let presets = v["presets"].as_array().expect("presets");
    let names: Vec<&str> = presets.iter().map(|p| p["name"].as_str().unwrap()).collect();
    let want: Vec<&str> = Preset::ALL.iter().map(|p| p.name()).collect();
    assert_eq!(names, want, "every preset, in the rules crate's order");
    for (p, json) in Preset::ALL.iter().zip(presets) {
        let r = Rules::preset(*p);
        assert_eq!(json["players"], r.players, "{}", p.name());
        assert_eq!(json["hand"], r.hand_size(), "{}", p.name());
        assert_eq!(json["tapp"], r.tapp, "{}", p.name());
        let opts = json["options"].as_object().unwrap();
        assert_eq!(
            opts.len(),
            OPTIONS.len(),
            "{}: every option has a value",
            p.name()
        );
        // The preset's values, read back through the rules crate, give the preset.
        let mut back = Rules::preset(Preset::Standard);
        for name in ["pack", "players", "tapp"] {
            back.set(name, opts[name].as_str().unwrap()).unwrap();
        }
        for (k, x) in opts {
            assert_eq!(x.as_str(), r.get(k).as_deref(), "{}: {k}", p.name());
            back.set(k, x.as_str().unwrap()).unwrap();
        }
        back.preset = *p;
        assert_eq!(back, r, "{}", p.name());
    }

    let options = v["options"].as_array().expect("options");
    assert_eq!(options.len(), OPTIONS.len());
    let standard = Rules::default();
    for (o, json) in OPTIONS.iter().zip(options) {
        assert_eq!(json["name"], o.name);
        assert_eq!(
            json["default"].as_str(),
            standard.get(o.name).as_deref(),
            "{}",
            o.name
        );
        assert!(!json["about"].as_str().unwrap().is_empty(), "{}", o.name);
        match o.values {
            OptionValues::Words(words) => {
                assert_eq!(json["kind"], "words");
                assert_eq!(json["values"], serde_json::json!(words));
            }
            OptionValues::Number { min, max, step } => {
                assert_eq!(json["kind"], "number");
                assert_eq!(
                    (json["min"].as_i64(), json["max"].as_i64()),
                    (Some(min), Some(max))
                );
                assert_eq!(json["step"].as_i64(), Some(step));
            }
        }
    }
    assert_eq!(v["scoring"]["last_trick_bonus"], standard.last_trick_bonus());
    assert_eq!(v["scoring"]["deal_card_points"], standard.deal_card_points());
    assert_eq!(v["scoring"]["deal_card_points"], 250);
    server.stop().await;
}

/// web/test holds the JavaScript tests and their fixtures: the server does not serve them,
/// while the modules they test are served.
#[tokio::test]
async fn the_javascript_tests_are_not_served() {
    let server = start(config(&temp_sqlite("rules-api-assets"))).await;
    for path in ["/test/rules.test.mjs", "/test/fixtures/records.json"] {
        let a = http(&server.url, "GET", path, None).await.unwrap();
        assert_eq!(a.status, 404, "{path}");
    }
    let a = http(&server.url, "GET", "/js/engine.js", None).await.unwrap();
    assert_eq!(a.status, 200);
    server.stop().await;
}
