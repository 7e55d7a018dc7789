//! The crate's modules form no import circle: `command` (reading typed lines) uses the
//! catalogue of `i18n`, so `i18n` must not use `command`.

/// Every `crate::MODULE` a source file (or a module folder) names, tests included.
fn uses(module: &str) -> String {
    let src = concat!(env!("CARGO_MANIFEST_DIR"), "/src");
    let file = format!("{src}/{module}.rs");
    match std::fs::read_to_string(&file) {
        Ok(text) => text,
        Err(_) => std::fs::read_dir(format!("{src}/{module}"))
            .unwrap_or_else(|e| panic!("{module}: {e}"))
            .map(|f| std::fs::read_to_string(f.unwrap().path()).unwrap())
            .collect(),
    }
}

#[test]
fn i18n_does_not_use_command() {
    let command = uses("command");
    assert!(
        command.contains("crate::i18n"),
        "command reads with the catalogue"
    );
    let i18n = uses("i18n");
    assert!(
        !i18n.contains("crate::command"),
        "i18n imports command: an import circle"
    );
}
