//! The rules as data for front ends: every preset and every option with its values, and the
//! scoring constants, from the one declaration in [`crate::rules`]. The server answers
//! `GET /api/rules` with it (docs/protocol.md, "The rules").

use crate::rules::{OptionValues, Preset, Rules, OPTIONS, OPTION_NAMES};
use serde_json::json;

/// Every preset and every option as JSON, the answer of the server's `GET /api/rules`
/// (docs/protocol.md, "The rules"): `presets` (each preset's `name`, `players`, `hand` size,
/// `tapp` size and the value of every option), `options` (each option's `name`, `kind`
/// `words` with its `values` or `number` with `min`, `max` and `step`, the standard game's
/// `default`, and `about`, a short description) and `scoring` (`last_trick_bonus` and
/// `deal_card_points`). Option values are written as [`Rules::get`] writes them: strings.
pub fn catalog() -> serde_json::Value {
    let standard = Rules::default();
    let presets: Vec<serde_json::Value> = Preset::ALL
        .iter()
        .map(|&p| {
            let r = Rules::preset(p);
            let options: serde_json::Map<String, serde_json::Value> = OPTION_NAMES
                .iter()
                .map(|n| (n.to_string(), r.get(n).unwrap_or_default().into()))
                .collect();
            json!({
                "name": p.name(),
                "players": r.players,
                "hand": r.hand_size(),
                "tapp": r.tapp,
                "options": options,
            })
        })
        .collect();
    let options: Vec<serde_json::Value> = OPTIONS
        .iter()
        .map(|o| {
            let mut v = match o.values {
                OptionValues::Words(words) => json!({"kind": "words", "values": words}),
                OptionValues::Number { min, max, step } => {
                    json!({"kind": "number", "min": min, "max": max, "step": step})
                }
            };
            v["name"] = o.name.into();
            v["default"] = standard.get(o.name).unwrap_or_default().into();
            v["about"] = o.about.into();
            v
        })
        .collect();
    json!({
        "presets": presets,
        "options": options,
        "scoring": {
            "last_trick_bonus": standard.last_trick_bonus(),
            "deal_card_points": standard.deal_card_points(),
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_catalog_lists_every_preset_and_option() {
        let c = catalog();
        let presets = c["presets"].as_array().unwrap();
        assert_eq!(presets.len(), Preset::ALL.len());
        for (p, v) in Preset::ALL.iter().zip(presets) {
            assert_eq!(v["name"], p.name());
            let r = Rules::preset(*p);
            for n in OPTION_NAMES {
                assert_eq!(v["options"][n].as_str(), r.get(n).as_deref(), "{n}");
            }
        }
        assert_eq!(c["options"].as_array().unwrap().len(), OPTIONS.len());
        assert_eq!(c["options"][4]["name"], "opening");
        assert_eq!(c["options"][4]["step"], 10);
        assert_eq!(c["scoring"]["deal_card_points"], 250);
    }
}
