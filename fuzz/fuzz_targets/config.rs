//! The settings file, as the program reads it. Settings that load, written
//! back as `mazewalker config` prints them, load to the same settings, and
//! print the same text again.

#![no_main]

use std::path::Path;

use libfuzzer_sys::fuzz_target;
use mazewalker::config::Config;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let origin = Path::new("config.toml");
    let config = match Config::from_toml_str(text, origin) {
        Ok(config) => config,
        Err(error) => {
            assert!(!error.to_string().is_empty());
            return;
        }
    };
    let printed = config.to_toml();
    let reread = match Config::from_toml_str(&printed, origin) {
        Ok(config) => config,
        Err(error) => panic!("the printed settings do not load: {error}\n{printed}"),
    };
    assert_eq!(reread, config, "{printed}");
    assert_eq!(reread.to_toml(), printed);
});
